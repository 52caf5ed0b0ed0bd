import {
  CatalogSorts,
  SEARCH_MAX_RATE_MAX_EUR,
  SEARCH_MIN_RANGE_MAX_KM,
  type CatalogSort,
} from '@leasing/contract';

/**
 * The search filter in the query string (spec 2.3, 5): `brands` and `models`, each a comma-separated list.
 * Brand and model names travel as they are; the API matches them without regard to case. Beside them
 * (ADR 0062): `minRange` (km) and `maxRate` (EUR per month, the rate the card shows), and the order
 * `sort` (`rate`, `range`, `delivery`, `price`; without it brand, then model).
 */
export interface CatalogFilter {
  brands: string[];
  models: string[];
  /** Only cars with at least this range, km; null: any. */
  minRangeKm: number | null;
  /** Only cars whose shown net rate is at most this, EUR per month; null: any. */
  maxRateEur: number | null;
  /** The order of the cards; null: brand, then model. */
  sort: CatalogSort | null;
}

export const EMPTY_FILTER: CatalogFilter = { brands: [], models: [], minRangeKm: null, maxRateEur: null, sort: null };

/** The choices the filter offers (a value typed into the address is offered as well). */
export const RANGE_STEPS_KM = [300, 400, 500, 600, 700] as const;
export const RATE_STEPS_EUR = [150, 200, 250, 300, 350, 400, 500, 600] as const;

/** Spec 5: a `brands` text shorter than 3 characters is ignored, `models` needs at least 1. */
export const MIN_BRANDS_TEXT = 3;
export const MIN_MODELS_TEXT = 1;

/**
 * One list from the query string: accepted only when the whole text reaches `minLength`; entries are
 * trimmed, empty ones (an empty first element such as `,MG`, or `a,,b`) are ignored, duplicates dropped.
 */
export function parseList(text: string | null, minLength: number): string[] {
  if (text === null || text.length < minLength) return [];
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0);
  return [...new Set(entries)];
}

/** A whole number `0..max` from the query string, else null (a bad value is ignored, as a short list is). */
export function parseWholeNumber(text: string | null, max: number): number | null {
  if (text === null || !/^\d{1,6}$/.test(text)) return null;
  const value = Number(text);
  return value <= max ? value : null;
}

export function parseSort(text: string | null): CatalogSort | null {
  return CatalogSorts.find((sort) => sort === text) ?? null;
}

export function parseFilter(params: URLSearchParams): CatalogFilter {
  return {
    brands: parseList(params.get('brands'), MIN_BRANDS_TEXT),
    models: parseList(params.get('models'), MIN_MODELS_TEXT),
    minRangeKm: parseWholeNumber(params.get('minRange'), SEARCH_MIN_RANGE_MAX_KM),
    maxRateEur: parseWholeNumber(params.get('maxRate'), SEARCH_MAX_RATE_MAX_EUR),
    sort: parseSort(params.get('sort')),
  };
}

/**
 * The text of one list. A text below the minimum (only the brand "MG" on its own) gets an empty first
 * element (`,MG`), which the parser ignores: so every selectable brand survives the round trip.
 */
export function serializeList(values: readonly string[], minLength: number): string {
  const text = values.map((value) => encodeURIComponent(value)).join(',');
  if (text === '') return '';
  return values.join(',').length < minLength ? `,${text}` : text;
}

/**
 * `?brands=Kia,Volkswagen&models=EV3&minRange=400&maxRate=300&sort=rate` (commas left readable), or ''
 * without a filter and in the default order.
 */
export function serializeFilter(filter: CatalogFilter): string {
  const parts: string[] = [];
  const brands = serializeList(filter.brands, MIN_BRANDS_TEXT);
  const models = serializeList(filter.models, MIN_MODELS_TEXT);
  if (brands) parts.push(`brands=${brands}`);
  if (models) parts.push(`models=${models}`);
  if (filter.minRangeKm !== null) parts.push(`minRange=${String(filter.minRangeKm)}`);
  if (filter.maxRateEur !== null) parts.push(`maxRate=${String(filter.maxRateEur)}`);
  if (filter.sort !== null) parts.push(`sort=${filter.sort}`);
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

/** No filter at all (the order is no filter). */
export function isEmptyFilter(filter: CatalogFilter): boolean {
  return activeFilterCount(filter) === 0;
}

/** How many choices narrow the list: each brand and model, the range and the rate. */
export function activeFilterCount(filter: CatalogFilter): number {
  return (
    filter.brands.length +
    filter.models.length +
    (filter.minRangeKm === null ? 0 : 1) +
    (filter.maxRateEur === null ? 0 : 1)
  );
}
