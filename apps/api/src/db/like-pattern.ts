/** `%term%` for LIKE/ILIKE: the term's own `%`, `_` and `\` are taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
