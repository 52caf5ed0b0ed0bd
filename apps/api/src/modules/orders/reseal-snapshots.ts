import { and, eq } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { orders } from '../../db/schema.js';
import type { FieldCipher } from '../../lib/field-encryption.js';
import { openPrivate, sealPrivate, SNAPSHOT_AAD_VERSION } from './snapshot.js';

/**
 * Orders sealed before snapshots were bound to their own row (AAD version 1: owner and employer
 * only) are sealed again, bound to the row, so no ciphertext that could be moved between two orders
 * of one person is left. Runs at start-up under the start-up lock; a row is rewritten only while it
 * is still version 1, so instances of the previous release sealing new rows meanwhile lose nothing.
 */
export async function resealLegacySnapshots(db: Database, cipher: FieldCipher): Promise<number> {
  const legacy = await db.select().from(orders).where(eq(orders.privateAadVersion, 1));
  for (const row of legacy) {
    const sealed = sealPrivate(cipher, row, openPrivate(cipher, row));
    await db
      .update(orders)
      .set({
        privateKeyId: sealed.keyId,
        privateIv: sealed.iv,
        privateCiphertext: sealed.ciphertext,
        privateAadVersion: SNAPSHOT_AAD_VERSION,
      })
      .where(and(eq(orders.id, row.id), eq(orders.privateAadVersion, 1)));
  }
  return legacy.length;
}
