import { priceListVersions } from '../../db/schema-provider.js';
import type { Database } from '../../db/client.js';

const DAY = 24 * 60 * 60 * 1000;

/**
 * The price list's history at a provider's real size: one published version a week over three years,
 * every tenth a rollback. The files themselves are a header line only: the list never reads them, and
 * real files (about 300 KB each) live out of line in PostgreSQL's TOAST storage anyway.
 */
export function priceListHistory(count: number, now: Date): (typeof priceListVersions.$inferInsert)[] {
  const header = 'packageId;brand;model;trimLevel;totalMonthlyGrossCostEur\n';
  return Array.from({ length: count }, (_, k) => {
    const rollback = k % 10 === 9;
    const publishedAt = new Date(now.getTime() - (count - k) * 7 * DAY);
    return {
      kind: rollback ? ('ROLLBACK' as const) : ('PUBLISH' as const),
      fileName: rollback ? 'Stand vor einer Version' : `Preisliste-${publishedAt.toISOString().slice(0, 10)}.csv`,
      csv: header,
      previousCsv: header,
      added: (k * 7) % 40,
      changed: (k * 13) % 90,
      withdrawn: (k * 3) % 12,
      publishedAt,
    };
  });
}

export async function seedPriceListHistory(db: Database, count: number, now: Date): Promise<void> {
  if (count > 0) await db.insert(priceListVersions).values(priceListHistory(count, now));
}
