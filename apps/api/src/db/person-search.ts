import { sql, type SQL } from 'drizzle-orm';

import { orders, users } from './schema.js';

/** Whether the asker may search by personnel number (HR), besides the name and the e-mail address. */
interface SearchedKeys {
  employeeId: boolean;
}

/**
 * The keys a person is searched by, each a collation-"C" btree (migrations 0028, 0030): the name as
 * "first last" and as "last first", the e-mail address, and (where the asker may see it) the
 * personnel number's lower-cased key (`lower()` itself is not leakproof).
 */
function personKeys(keys: SearchedKeys): SQL[] {
  const all = [sql`${users.nameKey}`, sql`${users.nameKeyReversed}`, sql`${users.email} collate "C"`];
  return keys.employeeId ? [...all, sql`${users.employeeIdKey}`] : all;
}

/** The same keys as each order carries them for its person (migration 0038). */
function orderPersonKeys(keys: SearchedKeys): SQL[] {
  const all = [sql`${orders.personNameKey}`, sql`${orders.personNameKeyReversed}`, sql`${orders.personEmailKey}`];
  return keys.employeeId ? [...all, sql`${orders.personEmployeeIdKey}`] : all;
}

/**
 * `starts_with` is leakproof, so row-level security lets it be an index condition: a range over each
 * key. (`ILIKE '%…%'` read every row instead.)
 */
function anyStartsWith(keys: SQL[], term: string): SQL {
  const start = searchStart(term);
  return sql`(${sql.join(
    keys.map((key) => sql`starts_with(${key}, ${start})`),
    sql` or `,
  )})`;
}

/**
 * People whose name ("Anna Müller" or "Müller Anna") or e-mail address (with `employeeId`: or
 * personnel number) starts with the term, case aside.
 */
export function personStartsWith(term: string, keys: SearchedKeys = { employeeId: false }): SQL {
  return anyStartsWith(personKeys(keys), term);
}

/**
 * The orders whose person `personStartsWith` would find, by the keys each order carries: a range over
 * each of the orders' key indexes. Finding the people first and then their orders probed the orders
 * once per person found (1,652 people for "müller", with 539 orders among them).
 */
export function orderPersonStartsWith(term: string, keys: SearchedKeys): SQL {
  return anyStartsWith(orderPersonKeys(keys), term);
}

/** The term as the keys hold names: lower-cased, inner spaces single. */
export function searchStart(term: string): string {
  return term.trim().replace(/\s+/g, ' ').toLowerCase();
}
