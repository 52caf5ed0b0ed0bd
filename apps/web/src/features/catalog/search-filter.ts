/**
 * The search filter in the query string (spec 2.3, 5): `brands` and `models`, each a comma-separated list.
 * Brand and model names travel as they are; the API matches them without regard to case.
 */
export interface CatalogFilter {
  brands: string[];
  models: string[];
}

export const EMPTY_FILTER: CatalogFilter = { brands: [], models: [] };

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

export function parseFilter(params: URLSearchParams): CatalogFilter {
  return {
    brands: parseList(params.get('brands'), MIN_BRANDS_TEXT),
    models: parseList(params.get('models'), MIN_MODELS_TEXT),
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

/** `?brands=Kia,Volkswagen&models=EV3` (commas left readable), or '' without a filter. */
export function serializeFilter(filter: CatalogFilter): string {
  const parts: string[] = [];
  const brands = serializeList(filter.brands, MIN_BRANDS_TEXT);
  const models = serializeList(filter.models, MIN_MODELS_TEXT);
  if (brands) parts.push(`brands=${brands}`);
  if (models) parts.push(`models=${models}`);
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

export function isEmptyFilter(filter: CatalogFilter): boolean {
  return filter.brands.length === 0 && filter.models.length === 0;
}
