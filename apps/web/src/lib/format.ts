/**
 * German (de-DE) display formats of spec 9, built on `Intl`. Pure functions without i18next, because the
 * product shows German only; missing values are passed as `null`/`undefined` and rendered as '?'.
 */
import { DELIVERY_WEEKS_THRESHOLD } from '@leasing/contract';

const LOCALE = 'de-DE';
const MISSING = '?';

type Maybe = number | null | undefined;

const isPresent = (value: Maybe): value is number => typeof value === 'number' && Number.isFinite(value);

const priceFormat = new Intl.NumberFormat(LOCALE, {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
const amountFormat = new Intl.NumberFormat(LOCALE, {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const kmCostFormat = new Intl.NumberFormat(LOCALE, {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 4,
});
const oneDecimalFormat = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const upToOneDecimalFormat = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 1 });
const integerFormat = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });
const percentFormat = new Intl.NumberFormat(LOCALE, { style: 'percent', maximumFractionDigits: 0 });
const dateFormat = new Intl.DateTimeFormat(LOCALE, {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'Europe/Berlin',
});
const dateTimeFormat = new Intl.DateTimeFormat(LOCALE, {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Berlin',
});

/** Prices (rates, list prices): whole euros, e.g. `1.234 €`. */
export function formatPrice(eur: Maybe): string {
  return isPresent(eur) ? priceFormat.format(eur) : MISSING;
}

/** Exact amounts (payslip lines, savings per month): cents, e.g. `1.234,56 €`. */
export function formatAmount(eur: Maybe): string {
  return isPresent(eur) ? amountFormat.format(eur) : MISSING;
}

/** Kilometre rules: euros per km with up to 4 decimals, e.g. `0,1234 €/km`. */
export function formatKmCost(eurPerKm: Maybe): string {
  return isPresent(eurPerKm) ? `${kmCostFormat.format(eurPerKm)}/km` : MISSING;
}

/** Energy: one decimal, e.g. `15,3 kWh`. */
export function formatKwh(kwh: Maybe): string {
  return isPresent(kwh) ? `${oneDecimalFormat.format(kwh)} kWh` : MISSING;
}

/** Consumption on cards: `15,3 kWh/100 km`, or `?` when unknown (spec 2.3). */
export function formatConsumption(kwhPer100Km: Maybe): string {
  return isPresent(kwhPer100Km) ? `${oneDecimalFormat.format(kwhPer100Km)} kWh/100 km` : MISSING;
}

/** Whole numbers with thousands separators, e.g. `15.000`. */
export function formatInteger(value: Maybe): string {
  return isPresent(value) ? integerFormat.format(value) : MISSING;
}

/** Distances, e.g. `15.000 km`. */
export function formatKm(km: Maybe): string {
  return isPresent(km) ? `${integerFormat.format(km)} km` : MISSING;
}

/** Power, e.g. `150 kW`. */
export function formatKw(kw: Maybe): string {
  return isPresent(kw) ? `${integerFormat.format(kw)} kW` : MISSING;
}

/** A share given as a fraction (0.3 -> `30 %`), no decimals. */
export function formatPercent(fraction: Maybe): string {
  return isPresent(fraction) ? percentFormat.format(fraction) : MISSING;
}

const toDate = (value: string | Date | null | undefined): Date | null => {
  if (value === null || value === undefined) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** Calendar date in German time, e.g. `05.03.2026`. */
export function formatDate(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date ? dateFormat.format(date) : MISSING;
}

/** Date and time in German time, e.g. `05.03.2026, 14:30`. */
export function formatDateTime(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date ? dateTimeFormat.format(date) : MISSING;
}

/** Where a delivery time is shown: the search card has its own text for an unknown time. */
export type DeliveryTimeVariant = 'card' | 'other';

export const DELIVERY_ON_REQUEST = 'Voraussichtliche Lieferzeit: auf Anfrage';

const WEEKS_PER_MONTH = 4;
const weeks = (value: number): string => integerFormat.format(value);
const months = (value: number): string => upToOneDecimalFormat.format(value / WEEKS_PER_MONTH);
const oneEnd = (value: number): string =>
  value < DELIVERY_WEEKS_THRESHOLD ? `${weeks(value)} Wochen` : `${months(value)} Monate`;

/**
 * Delivery time text of spec 9 (threshold 8 weeks, a month counted as 4 weeks):
 * - unknown bound: card `Voraussichtliche Lieferzeit: auf Anfrage`, elsewhere `?`;
 * - upper bound under 8 weeks: `4 - 6 Wochen`;
 * - lower bound 8 weeks or more: both in months, `2 - 3 Monate`;
 * - otherwise each end on its own: `6 Wochen - 3 Monate`.
 */
export function formatDeliveryTime(fromWeeks: Maybe, toWeeks: Maybe, variant: DeliveryTimeVariant): string {
  if (!isPresent(fromWeeks) || !isPresent(toWeeks)) return variant === 'card' ? DELIVERY_ON_REQUEST : MISSING;
  if (toWeeks < DELIVERY_WEEKS_THRESHOLD) return `${weeks(fromWeeks)} - ${weeks(toWeeks)} Wochen`;
  if (fromWeeks >= DELIVERY_WEEKS_THRESHOLD) return `${months(fromWeeks)} - ${months(toWeeks)} Monate`;
  return `${oneEnd(fromWeeks)} - ${oneEnd(toWeeks)}`;
}
