/**
 * The order's signing step through the development trust service, end to end over HTTP: the
 * employee's PAdES signature and the employer's seal checked by pdfsig (poppler/NSS, trusting the
 * test root), the faults that must leave the step unchanged, and `POST /v1/contracts/verify`.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import type { ContractVerification, Order, Vehicle, VehicleSummary } from '@leasing/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { auditLog, identCases, orderDocuments, orders } from '../../db/schema.js';
import { runAsSystem } from '../../db/scope.js';
import { authorizeAtTrustService, returnToPlatform, signAtTrustService } from '../../test-support/csc-signing.js';
import { bearer, createTestApp, databaseTargets, loginAs, type TestApp } from '../../test-support/harness.js';
import { buildTenant } from '../../test-support/factories.js';
import { STEP } from '../../test-support/order-fixtures.js';
import { nssDatabaseTrusting, pdfsig, withOneByteChanged } from '../../test-support/pdfsig.js';
import { DEMO_ACCOUNTS } from '../demo/accounts.js';

import { s256Challenge } from './csc-pkce.js';
import { sha256Hex } from './order-signing-deps.js';

describe.each(databaseTargets())('the order signing step on %s', (target) => {
  let t: TestApp;
  let employee: string;
  let tenantAdmin: string;
  let packageId: string;
  let color: string;
  let dir: string;
  let nssDir: string;

  async function call<T>(method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: object) {
    const response = await t.app.inject({
      method,
      url,
      ...(token ? { headers: bearer(token) } : {}),
      ...(payload ? { payload } : {}),
    });
    return { status: response.statusCode, body: (response.body ? response.json() : null) as T };
  }

  async function act(orderId: number, stepId: number, token: string, extra: object = {}) {
    const order = (
      await call<{ userSteps: { id: string; status: string | null }[] }>('GET', `/v1/order/${orderId}/workflow`, token)
    ).body;
    const userStepId = order.userSteps.filter((s) => s.status === null).at(-1)?.id ?? '';
    return call('PUT', `/v1/order/${orderId}/step/${stepId}/accept`, token, { orderId, userStepId, ...extra });
  }

  async function waitFor(what: string, check: () => Promise<boolean>) {
    for (let i = 0; i < 60; i++) {
      if (await check()) return;
      await new Promise((r) => setTimeout(r, 500));
    }
    throw new Error(`${what} did not happen`);
  }

  /** A new order taken to the signing step (summary, contract, identification at the ident simulator). */
  async function orderAtSigning(): Promise<number> {
    const created = await call<{ orderId: number }>('POST', '/v1/order', employee, {
      leasePackageId: packageId,
      color,
      delivery: 'HOME',
    });
    const orderId = created.body.orderId;
    expect((await act(orderId, STEP.summary, employee, { agreed: true })).status).toBe(200);
    expect((await act(orderId, STEP.contract, employee)).status).toBe(200);
    const ident = await call<{ link: string }>('PUT', `/v1/order/${orderId}/step/${STEP.ident}/nect-ident`, employee);
    const posted = await fetch(ident.body.link, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=success',
    });
    expect(posted.status).toBe(200);
    await waitFor('identification', async () => {
      const check = await call<boolean>('GET', `/v1/order/${orderId}/step/${STEP.ident}/nect-ident-check`, employee);
      return check.body === true;
    });
    expect((await act(orderId, STEP.ident, employee)).status).toBe(200);
    return orderId;
  }

  async function signingLink(orderId: number): Promise<string> {
    const started = await call<{ link: string }>('PUT', `/v1/order/${orderId}/step/${STEP.sign}/nect-sign`, employee);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    return started.body.link;
  }

  const orderRow = (orderId: number) =>
    runAsSystem(async () => (await t.runtime.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]);

  const documentNamed = (orderId: number, name: string) =>
    runAsSystem(async () => {
      const [document] = await t.runtime.database.db
        .select({ pdf: orderDocuments.pdf })
        .from(orderDocuments)
        .where(and(eq(orderDocuments.orderId, orderId), eq(orderDocuments.name, name)));
      return document ? Buffer.from(document.pdf) : null;
    });

  const auditOf = (orderId: number) =>
    runAsSystem(() =>
      t.runtime.database.db
        .select({ action: auditLog.action, fields: auditLog.fields })
        .from(auditLog)
        .where(and(eq(auditLog.subjectType, 'order'), eq(auditLog.subjectId, String(orderId))))
        .orderBy(desc(auditLog.id)),
    );

  const latestSignCase = (orderId: number) =>
    runAsSystem(async () => {
      const [row] = await t.runtime.database.db
        .select()
        .from(identCases)
        .where(and(eq(identCases.orderId, orderId), eq(identCases.kind, 'SIGN')))
        .orderBy(desc(identCases.createdAt));
      return row;
    });

  async function verify(pdf: Buffer, token = employee) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/contracts/verify',
      headers: { ...bearer(token), 'content-type': 'application/pdf' },
      payload: pdf,
    });
    return { status: response.statusCode, body: response.json<ContractVerification>() };
  }

  function checkWithPdfsig(name: string, pdf: Buffer): string {
    const file = path.join(dir, name);
    writeFileSync(file, pdf);
    return pdfsig(file, nssDir);
  }

  beforeAll(async () => {
    t = await createTestApp(target, { listen: true });
    employee = (await loginAs(t.app)).accessToken;
    tenantAdmin = (await loginAs(t.app, DEMO_ACCOUNTS.tenantAdmin)).accessToken;
    const [car] = (await call<VehicleSummary[]>('GET', '/v1/search?manufacturerIds=Kia&modelIds=EV3', employee)).body;
    const vehicle = (await call<Vehicle>('GET', `/v1/vehicle/${car!.id}`, employee)).body;
    packageId = vehicle.leasePackages[0]!.id;
    color = vehicle.colors[0]!;
    dir = mkdtempSync(path.join(tmpdir(), 'order-signing-'));
    const rootPem = await (await fetch(`${t.config.publicUrl}/simulator/ca.pem`)).text();
    nssDir = nssDatabaseTrusting(dir, rootPem);
  }, 120_000);

  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('signs at the trust service, checks the result, and seals at the approval (pdfsig: valid, trusted)', async () => {
    const orderId = await orderAtSigning();
    const link = await signingLink(orderId);
    expect(link).toContain('/simulator/csc/oauth2/authorize');
    // A repeated click gets the same authorization (one prepared contract).
    expect(await signingLink(orderId)).toBe(link);

    const visit = await signAtTrustService(link);
    expect(visit.status, visit.body).toBe(303);
    expect(visit.location).toBe(`${t.config.publicUrl}/order/${orderId}/workflow`);
    expect((await orderRow(orderId))?.status).toBe('TENANT_ADMIN_CLICK_CONFIRM');
    const check = await call<boolean>('GET', `/v1/order/${orderId}/step/${STEP.sign}/nect-sign-check`, employee);
    expect(check.body).toBe(true);

    const signed = await documentNamed(orderId, `Ueberlassungsvertrag-${orderId}-unterschrieben.pdf`);
    expect(signed).not.toBeNull();
    const report = checkWithPdfsig('signed.pdf', signed!);
    expect(report).toContain('Signature #1');
    expect(report).not.toContain('Signature #2');
    expect(report).toContain('Signature is Valid.');
    expect(report).toContain('Certificate is Trusted.');
    expect(report).toContain('Total document signed');
    expect(report).toMatch(/Signer Certificate Common Name: \S+ \S+/);
    expect(checkWithPdfsig('signed-tampered.pdf', withOneByteChanged(signed!))).toContain('Digest Mismatch');

    // The audit trail names the prepared and the signed version by their SHA-256.
    const signedAudit = (await auditOf(orderId)).find((a) => a.action === 'order.signed');
    expect(signedAudit?.fields).toContain(`sha256:${sha256Hex(signed!)}`);
    expect(signedAudit?.fields.some((f) => f.startsWith('prepared-sha256:'))).toBe(true);

    expect((await act(orderId, STEP.tenant, tenantAdmin)).status).toBe(200);
    const sealed = await documentNamed(orderId, `Ueberlassungsvertrag-${orderId}-gegengezeichnet.pdf`);
    expect(sealed).not.toBeNull();
    // An incremental update: the employee-signed file is the start of the sealed one, byte for byte.
    expect(sealed!.subarray(0, signed!.length).equals(signed!)).toBe(true);
    const sealedReport = checkWithPdfsig('sealed.pdf', sealed!);
    // Employee's signature, employer's seal, then the document timestamp (B-LTA) over the whole file;
    // poppler checks the two CMS signatures, it cannot validate an RFC 3161 document timestamp itself.
    expect(sealedReport).toContain('Signature #3');
    expect(sealedReport.match(/Signature is Valid\./g)).toHaveLength(2);
    expect(sealedReport.match(/Certificate is Trusted\./g)).toHaveLength(2);
    expect(sealedReport.match(/Total document signed/g)).toHaveLength(1);
    expect(sealedReport.split('Signature #3')[1]).toContain('Total document signed');
    expect(sealedReport.split('Signature #3')[1]).toContain('Signature Field Name: Document');
    const approval = (await auditOf(orderId)).find((a) => a.action === 'order.step.accept');
    expect(approval?.fields).toContain(`sha256:${sha256Hex(sealed!)}`);

    // The verification route tells the files apart.
    const ofSealed = await verify(sealed!);
    expect(ofSealed.status).toBe(200);
    expect(ofSealed.body.valid).toBe(true);
    expect(ofSealed.body.orderId).toBe(orderId);
    expect(ofSealed.body.signatures.map((s) => s.kind)).toEqual(['signature', 'seal', 'timestamp']);
    expect(ofSealed.body.signatures.every((s) => s.trusted)).toBe(true);
    expect(ofSealed.body.signatures.map((s) => s.coversWholeDocument)).toEqual([false, false, true]);
    const ofSigned = await verify(signed!, tenantAdmin);
    expect(ofSigned.body).toMatchObject({ valid: true, orderId });
    expect(ofSigned.body.signatures).toHaveLength(1);
    const tampered = await verify(withOneByteChanged(sealed!));
    expect(tampered.body.valid).toBe(false);
    expect(tampered.body.orderId).toBeUndefined();
  }, 180_000);

  async function armFault(mode: 'key-disabled' | 'cert-revoked') {
    const answer = await fetch(`${t.config.publicUrl}/simulator/csc/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mode, on: 'credentials' }),
    });
    expect(answer.status).toBe(204);
  }

  it('keeps the PKCE verifier with the case, and refuses unusable credentials before anyone is sent anywhere', async () => {
    const orderId = await orderAtSigning();
    await armFault('key-disabled');
    const refused = await call<{ message: string }>(
      'PUT',
      `/v1/order/${orderId}/step/${STEP.sign}/nect-sign`,
      employee,
    );
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'Ihr Signaturschlüssel ist beim Vertrauensdienst gesperrt. Der Vertrag kann damit nicht signiert werden. Bitte wenden Sie sich an den Support.',
    );
    // Nothing was prepared, no case is left open, the step is as it was.
    expect(await latestSignCase(orderId)).toBeUndefined();
    expect((await orderRow(orderId))?.status).toBe('NECT_SIGN');

    const link = new URL(await signingLink(orderId));
    const context = (await latestSignCase(orderId))?.signingContext as { codeVerifier?: string };
    expect(context.codeVerifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link.searchParams.get('code_challenge')).toBe(s256Challenge(context.codeVerifier ?? ''));
    expect(link.toString()).not.toContain(context.codeVerifier);
    // The employee is named by the identification's case id, not by name (ADR 0051).
    expect(link.toString()).not.toContain('Mustermann');
    expect((await signAtTrustService(link.toString())).status).toBe(303);

    // The employer's seal credential revoked: HR reads why, the order waits at the employer.
    await armFault('cert-revoked');
    const approval = await act(orderId, STEP.tenant, tenantAdmin);
    expect(approval.status).toBe(409);
    expect((approval.body as { message: string }).message).toMatch(
      /^Das Siegelzertifikat Ihres Unternehmens wurde vom Vertrauensdienst widerrufen\./,
    );
    expect((await orderRow(orderId))?.status).toBe('TENANT_ADMIN_CLICK_CONFIRM');
  }, 120_000);

  it('leaves the step unchanged when the employee declines at the trust service', async () => {
    const orderId = await orderAtSigning();
    const visit = await signAtTrustService(await signingLink(orderId), 'reject');
    expect(visit.status).toBe(409);
    expect(visit.body).toContain('abgelehnt');
    expect(visit.body).toContain(`/order/${orderId}/workflow`);
    expect((await orderRow(orderId))?.status).toBe('NECT_SIGN');
    expect((await latestSignCase(orderId))?.status).toBe('CANCELLED');
    expect((await auditOf(orderId)).some((a) => a.action === 'order.signature.failed')).toBe(true);
    // The order page tells the employee the same, also in the tab that opened the trust service.
    const workflow = await call<Order>('GET', `/v1/order/${orderId}/workflow`, employee);
    expect(workflow.body.providerCaseFailure).toMatchObject({
      kind: 'SIGN',
      status: 'CANCELLED',
      message: expect.stringContaining('Sie haben die Signatur beim Vertrauensdienst abgelehnt'),
    });
    // HR does not read the employee's attempts.
    const asHr = await call<Order>('GET', `/v1/order/${orderId}/workflow`, tenantAdmin);
    expect(asHr.body.providerCaseFailure).toBeNull();
    // A new attempt starts a new authorization, and the old failure is no longer the last word.
    expect(await signingLink(orderId)).toContain('/simulator/csc/oauth2/authorize');
    const again = await call<Order>('GET', `/v1/order/${orderId}/workflow`, employee);
    expect(again.body.providerCaseFailure).toBeNull();
  }, 120_000);

  it('refuses to go on when the hash changed after the authorization (the service signs only what was authorized)', async () => {
    const orderId = await orderAtSigning();
    const returnUrl = await authorizeAtTrustService(await signingLink(orderId));
    const signCase = await latestSignCase(orderId);
    const prepared = Buffer.from(signCase!.preparedPdf!);
    await runAsSystem(() =>
      t.runtime.database.db
        .update(identCases)
        .set({ preparedPdf: withOneByteChanged(prepared) })
        .where(eq(identCases.id, signCase!.id)),
    );
    const visit = await returnToPlatform(returnUrl);
    expect(visit.status).toBe(409);
    expect(visit.body).toContain('nicht ausgeführt');
    expect((await orderRow(orderId))?.status).toBe('NECT_SIGN');
    expect((await orderRow(orderId))?.signedAt).toBeNull();
    expect((await latestSignCase(orderId))?.status).toBe('FAILED');
    expect(await documentNamed(orderId, `Ueberlassungsvertrag-${orderId}-unterschrieben.pdf`)).toBeNull();
  }, 120_000);

  it('refuses a signature whose certificate names someone else than the identified person', async () => {
    const orderId = await orderAtSigning();
    const returnUrl = await authorizeAtTrustService(await signingLink(orderId));
    // The case expects another person than the one the service holds the credential for.
    const signCase = await latestSignCase(orderId);
    const context = signCase!.signingContext as Record<string, unknown>;
    await runAsSystem(() =>
      t.runtime.database.db
        .update(identCases)
        .set({ signingContext: { ...context, signerName: 'Jemand Anderes' } })
        .where(eq(identCases.id, signCase!.id)),
    );
    const visit = await returnToPlatform(returnUrl);
    expect(visit.status).toBe(409);
    expect(visit.body).toContain('nicht zu Ihrer Person');
    expect((await orderRow(orderId))?.status).toBe('NECT_SIGN');
    expect((await latestSignCase(orderId))?.status).toBe('FAILED');
    const failed = (await auditOf(orderId)).find((a) => a.action === 'order.signature.failed');
    expect(failed?.fields.join(' ')).toContain('signer name differs');
  }, 120_000);

  it('leaves the step unchanged when the authorization code expired', async () => {
    const orderId = await orderAtSigning();
    const returnUrl = await authorizeAtTrustService(await signingLink(orderId));
    t.clock.advance(6 * 60 * 1000);
    const visit = await returnToPlatform(returnUrl);
    expect(visit.status).toBe(409);
    expect(visit.body).toContain('abgelaufen');
    expect((await orderRow(orderId))?.status).toBe('NECT_SIGN');
    expect((await latestSignCase(orderId))?.status).toBe('EXPIRED');
    employee = (await loginAs(t.app)).accessToken;
    tenantAdmin = (await loginAs(t.app, DEMO_ACCOUNTS.tenantAdmin)).accessToken;
  }, 120_000);

  it('answers the verification route only for signed-in callers and PDFs up to 20 MB', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/v1/contracts/verify',
      headers: { 'content-type': 'application/pdf' },
      payload: Buffer.from('%PDF-1.7\n'),
    });
    expect(anonymous.statusCode).toBe(401);
    const notPdf = await verify(Buffer.from('hello, not a contract'));
    expect(notPdf.status).toBe(400);
    expect(notPdf.body).toMatchObject({ errors: [{ field: 'body' }] });
    const tooBig = await verify(Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(20 * 1024 * 1024)]));
    expect(tooBig.status).toBe(413);
    const unsigned = await verify(Buffer.from('%PDF-1.7\n%%EOF\n'));
    expect(unsigned.body).toEqual({ valid: false, signatures: [] });
    // Each check parses and verifies a whole file: a budget per account (an account of its own here).
    const checker = (await buildTenant(t.app, t.runtime.database.db, { now: t.clock.now() })).admin.accessToken;
    const answers: number[] = [];
    for (let i = 0; i < 31; i += 1) answers.push((await verify(Buffer.from('%PDF-1.7\n%%EOF\n'), checker)).status);
    const firstRefused = answers.indexOf(429);
    expect(firstRefused, answers.join(',')).toBeGreaterThan(0);
    expect(firstRefused).toBeLessThanOrEqual(30);
    expect(answers.slice(0, firstRefused).every((status) => status === 200)).toBe(true);
  }, 60_000);
});
