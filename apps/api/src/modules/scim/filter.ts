import { invalidFilter, invalidValue } from './errors.js';
import { USER_SCHEMA } from './wire.js';

/**
 * The filters of `GET /Users` (RFC 7644 §3.4.2.2) this service answers: `eq` on `userName`,
 * `externalId` and `id` (and the work e-mail, which is the user name here), joined by `and`. That is
 * all Entra ID sends ("eq" and "and" only) and all a directory needs to find a person before it
 * creates one. Anything else is refused as `invalidFilter`, never answered with everyone.
 */
export interface UserFilter {
  /** Every value the user name must equal (lower-cased: user names compare case-insensitively). */
  userName: string[];
  /** Every value the externalId must equal (case-exact). */
  externalId: string[];
  id: string[];
}

type FilterAttribute = keyof UserFilter;

/** Attribute paths by their lower-cased spelling (attribute names are case-insensitive, RFC 7643 §2.1). */
const ATTRIBUTES: Readonly<Record<string, FilterAttribute>> = {
  username: 'userName',
  externalid: 'externalId',
  id: 'id',
  'emails.value': 'userName',
  'emails[type eq "work"].value': 'userName',
};

const CASE_EXACT: Readonly<Record<FilterAttribute, boolean>> = { userName: false, externalId: true, id: true };

const MAX_FILTER_LENGTH = 1_000;

/** One comparison: attribute path, operator, value (a JSON string literal). */
const COMPARISON =
  /^\s*([A-Za-z0-9:._$-]+(?:\[\s*type\s+eq\s+"work"\s*\](?:\.value)?)?)\s+([A-Za-z]+)\s+("(?:[^"\\]|\\.)*"|\S+)\s*/i;

export function parseFilter(text: string): UserFilter {
  if (text.length > MAX_FILTER_LENGTH) throw invalidFilter('The filter is too long');
  const filter: UserFilter = { userName: [], externalId: [], id: [] };
  let rest = text;
  for (;;) {
    const match = COMPARISON.exec(rest);
    if (!match?.[1] || !match[2] || !match[3]) throw invalidFilter(`The filter "${text}" cannot be parsed`);
    const attribute = attributeOf(match[1]);
    if (match[2].toLowerCase() !== 'eq') {
      throw invalidFilter(`The operator "${match[2]}" is not supported; use eq, joined by and`);
    }
    const value = stringValue(match[3]);
    filter[attribute].push(CASE_EXACT[attribute] ? value : value.toLowerCase());
    rest = rest.slice(match[0].length);
    if (rest === '') return filter;
    const joined = /^and\s+/i.exec(rest);
    if (!joined) throw invalidFilter(`Only comparisons joined by "and" are supported: "${text}"`);
    rest = rest.slice(joined[0].length);
  }
}

function attributeOf(path: string): FilterAttribute {
  let key = path
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/\[ ?type eq "work" ?\]/, '[type eq "work"]');
  // A path may name its schema (`urn:ietf:params:scim:schemas:core:2.0:User:userName`).
  const core = `${USER_SCHEMA.toLowerCase()}:`;
  if (key.startsWith(core)) key = key.slice(core.length);
  const attribute = ATTRIBUTES[key];
  if (!attribute) throw invalidFilter(`Filtering by "${path}" is not supported; use userName, externalId or id`);
  return attribute;
}

function stringValue(literal: string): string {
  if (!literal.startsWith('"')) throw invalidFilter(`The value ${literal} must be a string in double quotes`);
  try {
    const value: unknown = JSON.parse(literal);
    if (typeof value === 'string') return value;
  } catch {
    // reported below
  }
  throw invalidFilter(`The value ${literal} is not a valid string`);
}

/** The largest page: `count` above it is cut to it (RFC 7644 §3.4.2.4), as ServiceProviderConfig says. */
export const MAX_RESULTS = 200;
/** The page without a `count`. */
export const DEFAULT_COUNT = 100;

/**
 * `startIndex` (1-based, below 1 is 1) and `count` (below 0 is 0, above the maximum the maximum),
 * as RFC 7644 §3.4.2.4 says; something that is no integer is refused.
 */
export function pagingOf(query: { startIndex?: unknown; count?: unknown }): { startIndex: number; count: number } {
  return {
    startIndex: Math.max(1, integerOf(query.startIndex, 'startIndex') ?? 1),
    count: Math.min(MAX_RESULTS, Math.max(0, integerOf(query.count, 'count') ?? DEFAULT_COUNT)),
  };
}

function integerOf(value: unknown, name: string): number | undefined {
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || !/^-?\d{1,9}$/.test(value.trim())) {
    throw invalidValue(`${name} must be an integer`);
  }
  return Number(value);
}
