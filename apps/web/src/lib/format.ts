/**
 * Display formats of spec 9, built on `Intl`: German (de-DE) by default, British English (en-GB) when
 * the person chose English (`setDisplayLocale`, called by the language switch). Pure functions without
 * i18next; missing values are passed as `null`/`undefined` and rendered as '?'.
 */
import { DELIVERY_WEEKS_THRESHOLD } from '@leasing/contract';

/** The display locales: German by default, British English when English is chosen (same € and 24 h). */
export type DisplayLocale = 'de-DE' | 'en-GB';
const MISSING = '?';

type Maybe = number | null | undefined;

const isPresent = (value: Maybe): value is number => typeof value === 'number' && Number.isFinite(value);

interface Formats {
  price: Intl.NumberFormat;
  amount: Intl.NumberFormat;
  kmCost: Intl.NumberFormat;
  oneDecimal: Intl.NumberFormat;
  upToOneDecimal: Intl.NumberFormat;
  integer: Intl.NumberFormat;
  percent: Intl.NumberFormat;
  date: Intl.DateTimeFormat;
  dateTime: Intl.DateTimeFormat;
  weeks: string;
  months: string;
  onRequest: string;
}

function buildFormats(locale: DisplayLocale): Formats {
  const money = (min: number, max: number) =>
    new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: 'EUR',
      minimumFractionDigits: min,
      maximumFractionDigits: max,
    });
  const day = { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/Berlin' } as const;
  const german = locale === 'de-DE';
  return {
    price: money(0, 0),
    amount: money(2, 2),
    kmCost: money(2, 4),
    oneDecimal: new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
    upToOneDecimal: new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }),
    integer: new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }),
    percent: new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }),
    date: new Intl.DateTimeFormat(locale, day),
    dateTime: new Intl.DateTimeFormat(locale, { ...day, hour: '2-digit', minute: '2-digit' }),
    weeks: german ? 'Wochen' : 'weeks',
    months: german ? 'Monate' : 'months',
    onRequest: german ? DELIVERY_ON_REQUEST : 'Expected delivery time: on request',
  };
}

let locale: DisplayLocale = 'de-DE';
const built = new Map<DisplayLocale, Formats>();

/** Chooses the locale every formatter below uses from now on (the language switch calls it). */
export function setDisplayLocale(next: DisplayLocale): void {
  locale = next;
}

export function displayLocale(): DisplayLocale {
  return locale;
}

function formats(): Formats {
  let current = built.get(locale);
  if (!current) {
    current = buildFormats(locale);
    built.set(locale, current);
  }
  return current;
}

const intlCache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

/** An `Intl.NumberFormat` of the display locale, made once per locale and options. */
export function numberFormat(options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `n|${locale}|${JSON.stringify(options)}`;
  let format = intlCache.get(key) as Intl.NumberFormat | undefined;
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    intlCache.set(key, format);
  }
  return format;
}

/** An `Intl.DateTimeFormat` of the display locale, made once per locale and options. */
export function dateTimeFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `d|${locale}|${JSON.stringify(options)}`;
  let format = intlCache.get(key) as Intl.DateTimeFormat | undefined;
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    intlCache.set(key, format);
  }
  return format;
}

/** Prices (rates, list prices): whole euros, e.g. `1.234 €`. */
export function formatPrice(eur: Maybe): string {
  return isPresent(eur) ? formats().price.format(eur) : MISSING;
}

/** Exact amounts (payslip lines, savings per month): cents, e.g. `1.234,56 €`. */
export function formatAmount(eur: Maybe): string {
  return isPresent(eur) ? formats().amount.format(eur) : MISSING;
}

/** Kilometre rules: euros per km with up to 4 decimals, e.g. `0,1234 €/km`. */
export function formatKmCost(eurPerKm: Maybe): string {
  return isPresent(eurPerKm) ? `${formats().kmCost.format(eurPerKm)}/km` : MISSING;
}

/** Energy: one decimal, e.g. `15,3 kWh`. */
export function formatKwh(kwh: Maybe): string {
  return isPresent(kwh) ? `${formats().oneDecimal.format(kwh)} kWh` : MISSING;
}

/** Consumption on cards: `15,3 kWh/100 km`, or `?` when unknown (spec 2.3). */
export function formatConsumption(kwhPer100Km: Maybe): string {
  return isPresent(kwhPer100Km) ? `${formats().oneDecimal.format(kwhPer100Km)} kWh/100 km` : MISSING;
}

/** Whole numbers with thousands separators, e.g. `15.000`. */
export function formatInteger(value: Maybe): string {
  return isPresent(value) ? formats().integer.format(value) : MISSING;
}

/** Distances, e.g. `15.000 km`. */
export function formatKm(km: Maybe): string {
  return isPresent(km) ? `${formats().integer.format(km)} km` : MISSING;
}

/** Power, e.g. `150 kW`. */
export function formatKw(kw: Maybe): string {
  return isPresent(kw) ? `${formats().integer.format(kw)} kW` : MISSING;
}

/** A share given as a fraction (0.3 -> `30 %`), no decimals. */
export function formatPercent(fraction: Maybe): string {
  return isPresent(fraction) ? formats().percent.format(fraction) : MISSING;
}

const toDate = (value: string | Date | null | undefined): Date | null => {
  if (value === null || value === undefined) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** Calendar date in German time, e.g. `05.03.2026`. */
export function formatDate(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date ? formats().date.format(date) : MISSING;
}

/** Date and time in German time, e.g. `05.03.2026, 14:30`. */
export function formatDateTime(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date ? formats().dateTime.format(date) : MISSING;
}

/** Where a delivery time is shown: the search card has its own text for an unknown time. */
export type DeliveryTimeVariant = 'card' | 'other';

export const DELIVERY_ON_REQUEST = 'Voraussichtliche Lieferzeit: auf Anfrage';

const WEEKS_PER_MONTH = 4;
const weeks = (value: number): string => formats().integer.format(value);
const months = (value: number): string => formats().upToOneDecimal.format(value / WEEKS_PER_MONTH);
const oneEnd = (value: number): string =>
  value < DELIVERY_WEEKS_THRESHOLD ? `${weeks(value)} ${formats().weeks}` : `${months(value)} ${formats().months}`;

/**
 * Delivery time text of spec 9 (threshold 8 weeks, a month counted as 4 weeks):
 * - unknown bound: card `Voraussichtliche Lieferzeit: auf Anfrage`, elsewhere `?`;
 * - upper bound under 8 weeks: `4 - 6 Wochen`;
 * - lower bound 8 weeks or more: both in months, `2 - 3 Monate`;
 * - otherwise each end on its own: `6 Wochen - 3 Monate`.
 */
export function formatDeliveryTime(fromWeeks: Maybe, toWeeks: Maybe, variant: DeliveryTimeVariant): string {
  if (!isPresent(fromWeeks) || !isPresent(toWeeks)) return variant === 'card' ? formats().onRequest : MISSING;
  if (toWeeks < DELIVERY_WEEKS_THRESHOLD) return `${weeks(fromWeeks)} - ${weeks(toWeeks)} ${formats().weeks}`;
  if (fromWeeks >= DELIVERY_WEEKS_THRESHOLD) return `${months(fromWeeks)} - ${months(toWeeks)} ${formats().months}`;
  return `${oneEnd(fromWeeks)} - ${oneEnd(toWeeks)}`;
}
