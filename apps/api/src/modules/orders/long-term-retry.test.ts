/**
 * The long-term extension made later by the job: HR approves while the trust service's revocation
 * data (its CRLs) cannot be had, so the approval stores the sealed contract (B-T) marked for the job;
 * the job fails while the service is still away, waits, and once it is back extends the stored contract
 * to B-LTA. pdfsig checks both signatures, openssl the document timestamp.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { auditLog, orderDocuments, orders, userSteps } from '../../db/schema.js';
import { runAsSystem } from '../../db/scope.js';
import { employeeSignedContract } from '../../test-support/csc-signing.js';
import { bearer, createTestApp, databaseTargets, loginAs, type TestApp } from '../../test-support/harness.js';
import { pickOffer, placeOrder, STEP } from '../../test-support/order-fixtures.js';
import { nssDatabaseTrusting, pdfsig, verifyDocumentTimestamp } from '../../test-support/pdfsig.js';
import { DEMO_ACCOUNTS } from '../demo/accounts.js';

import { retryLongTermExtensions, retryPause } from './long-term-retry.js';
import { sha256Hex } from '../signing/order-signing-deps.js';
import type { FaultTarget, TrustServiceFaultMode } from '../signing/trust-service-faults.js';

describe('retryPause', () => {
  it('starts at a minute, doubles, and stops growing at six hours', () => {
    expect([1, 2, 3, 4].map(retryPause)).toEqual([60_000, 120_000, 240_000, 480_000]);
    expect(retryPause(30)).toBe(6 * 3_600_000);
  });
});

describe.each(databaseTargets())('the long-term retry job on %s', (target) => {
  let t: TestApp;
  let dir: string;
  let nssDir: string;
  let rootPem: string;

  async function armFault(mode: TrustServiceFaultMode, on: FaultTarget, count = 1) {
    const answer = await fetch(`${t.config.publicUrl}/simulator/csc/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mode, on, count }),
    });
    expect(answer.status).toBe(204);
  }

  /** An order at the employer's step with a genuinely signed contract (the signature has its own tests). */
  async function orderAtApproval(): Promise<{ orderId: number; recordId: string }> {
    const employee = (await loginAs(t.app)).accessToken;
    const orderId = await placeOrder(t.app, employee, await pickOffer(t.app, employee));
    const recordId = crypto.randomUUID();
    const pdf = await employeeSignedContract(t.app.orderDeps.signing, 'Max Mustermann');
    await runAsSystem(async () => {
      const db = t.runtime.database.db;
      await db.insert(userSteps).values({ id: recordId, orderId, stepId: STEP.tenant, modified: t.clock.now() });
      await db
        .update(orders)
        .set({ status: 'TENANT_ADMIN_CLICK_CONFIRM', currentUserStepId: recordId, signedAt: t.clock.now() })
        .where(eq(orders.id, orderId));
      await db
        .insert(orderDocuments)
        .values({ orderId, name: `Ueberlassungsvertrag-${orderId}-unterschrieben.pdf`, kind: 'CONTRACT_SIGNED', pdf });
    });
    return { orderId, recordId };
  }

  const countersigned = (orderId: number) =>
    runAsSystem(async () => {
      const rows = await t.runtime.database.db
        .select()
        .from(orderDocuments)
        .where(
          and(
            eq(orderDocuments.orderId, orderId),
            eq(orderDocuments.name, `Ueberlassungsvertrag-${orderId}-gegengezeichnet.pdf`),
          ),
        );
      expect(rows).toHaveLength(1);
      return { ...rows[0]!, pdf: Buffer.from(rows[0]!.pdf) };
    });

  const auditLine = (orderId: number, action: string) =>
    runAsSystem(async () => {
      const [line] = await t.runtime.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.subjectId, String(orderId)), eq(auditLog.action, action)));
      return line;
    });

  function signaturesByPdfsig(name: string, pdf: Buffer): string[] {
    const file = path.join(dir, name);
    writeFileSync(file, pdf);
    return pdfsig(file, nssDir)
      .split(/^Signature #\d+:$/m)
      .slice(1);
  }

  beforeAll(async () => {
    // Listening: the approval seals at the development trust service, and fetches its CRLs.
    t = await createTestApp(target, { listen: true });
    dir = mkdtempSync(path.join(tmpdir(), 'long-term-retry-'));
    rootPem = await (await fetch(`${t.config.publicUrl}/simulator/ca.pem`)).text();
    nssDir = nssDatabaseTrusting(dir, rootPem);
  }, 120_000);

  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('extends a contract sealed while the revocation service was away, once it is back', async () => {
    const { orderId, recordId } = await orderAtApproval();
    await armFault('error500', 'revocation', 1000);
    const admin = (await loginAs(t.app, DEMO_ACCOUNTS.tenantAdmin)).accessToken;
    const approved = await t.app.inject({
      method: 'PUT',
      url: `/v1/order/${orderId}/step/${STEP.tenant}/accept`,
      headers: bearer(admin),
      payload: { orderId, userStepId: recordId },
    });
    expect(approved.statusCode, approved.body).toBe(200);

    // Stored as sealed (B-T): two valid signatures, no document timestamp, marked for the job.
    const sealed = await countersigned(orderId);
    expect(sealed.longTermDueAt).not.toBeNull();
    const sealedSignatures = signaturesByPdfsig('sealed.pdf', sealed.pdf);
    expect(sealedSignatures).toHaveLength(2);
    expect(sealedSignatures.every((s) => s.includes('Signature is Valid.'))).toBe(true);
    expect((await auditLine(orderId, 'order.step.accept'))?.fields).toContain(`sha256:${sha256Hex(sealed.pdf)}`);

    // Still away: the attempt is booked, the next one waits a minute.
    expect(await retryLongTermExtensions(t.app.orderDeps)).toEqual({ extended: 0, failed: 1 });
    const waiting = await countersigned(orderId);
    expect(waiting.longTermAttempts).toBe(1);
    expect(waiting.longTermDueAt?.getTime()).toBe(t.clock.now().getTime() + 60_000);
    expect(waiting.pdf.equals(sealed.pdf)).toBe(true);

    await armFault('none', 'any');
    expect(await retryLongTermExtensions(t.app.orderDeps)).toEqual({ extended: 0, failed: 0 });
    t.clock.advance(60_000);
    expect(await retryLongTermExtensions(t.app.orderDeps)).toEqual({ extended: 1, failed: 0 });

    const extended = await countersigned(orderId);
    expect(extended.longTermDueAt).toBeNull();
    expect(extended.pdf.subarray(0, sealed.pdf.length).equals(sealed.pdf)).toBe(true);
    const signatures = signaturesByPdfsig('extended.pdf', extended.pdf);
    expect(signatures).toHaveLength(3);
    for (const signature of signatures.slice(0, 2)) {
      expect(signature).toContain('Signature is Valid.');
      expect(signature).toContain('Certificate is Trusted.');
    }
    expect(signatures[2]).toContain('Total document signed');
    expect((await verifyDocumentTimestamp(extended.pdf, dir, rootPem, 'extended')).output).toContain(
      'Verification: OK',
    );
    expect((await auditLine(orderId, 'order.contract.long-term'))?.fields).toEqual([
      `sealed-sha256:${sha256Hex(sealed.pdf)}`,
      `sha256:${sha256Hex(extended.pdf)}`,
    ]);
    // Nothing left to do.
    expect(await retryLongTermExtensions(t.app.orderDeps)).toEqual({ extended: 0, failed: 0 });
  }, 180_000);
});
