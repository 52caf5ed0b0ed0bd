import { sql, type SQL } from 'drizzle-orm';

import { users } from './schema.js';

/**
 * People whose name ("Anna Müller" or "Müller Anna") or e-mail address starts with the term, case
 * aside. `starts_with` is leakproof, so row-level security lets it be an index condition: a range
 * over the collation-"C" keys of migration 0028. (`ILIKE '%…%'` read every person instead.)
 */
export function personStartsWith(term: string): SQL {
  const start = searchStart(term);
  return sql`(starts_with(${users.nameKey}, ${start}) or starts_with(${users.nameKeyReversed}, ${start}) or starts_with(${users.email} collate "C", ${start}))`;
}

/** The term as the keys hold names: lower-cased, inner spaces single. */
export function searchStart(term: string): string {
  return term.trim().replace(/\s+/g, ' ').toLowerCase();
}
