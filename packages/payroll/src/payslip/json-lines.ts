import { compareOffer, preparePayslipProfile, type PayslipOptions, type PreparedPayslipProfile } from './compare.js';
import type { LeaseOfferInput, SalaryProfileInput } from './types.js';

/**
 * Turns one JSON line `{"profile": {...}, "offer": {...}, "date": "YYYY-MM-DD"}` into one JSON
 * line: the comparison, or `{"error": "..."}`. Never throws. Consecutive lines with the same
 * profile and date reuse the prepared profile (the common case: many offers for one employee).
 */
export function createPayslipLineHandler(options: PayslipOptions = {}): (line: string) => string {
  let lastKey = '';
  let lastPrepared: PreparedPayslipProfile | null = null;

  const prepared = (profile: unknown, date: unknown): PreparedPayslipProfile => {
    const key = JSON.stringify([profile, date]);
    if (key !== lastKey || !lastPrepared) {
      lastKey = '';
      lastPrepared = preparePayslipProfile(profile as SalaryProfileInput, date as string, options);
      lastKey = key;
    }
    return lastPrepared;
  };

  return (line: string): string => {
    try {
      const request: unknown = JSON.parse(line);
      if (typeof request !== 'object' || request === null || Array.isArray(request)) {
        return error('Erwartet wird ein Objekt {"profile", "offer", "date"}.');
      }
      const { profile, offer, date } = request as Record<string, unknown>;
      if (profile === undefined || offer === undefined || date === undefined) {
        return error('Die Felder "profile", "offer" und "date" sind erforderlich.');
      }
      return JSON.stringify(compareOffer(prepared(profile, date), offer as LeaseOfferInput));
    } catch (caught) {
      if (caught instanceof SyntaxError) return error(`Ungültiges JSON: ${caught.message}`);
      return error(caught instanceof Error ? caught.message : String(caught));
    }
  };
}

function error(message: string): string {
  return JSON.stringify({ error: message });
}
