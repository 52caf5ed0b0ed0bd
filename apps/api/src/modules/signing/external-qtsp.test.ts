/**
 * The platform pointed by configuration alone at a CSC v2 service of its own process and origin, as
 * an operator points it at a QTSP: `CSC_BASE_URL`, client id and secret, `CSC_TSA_URL`,
 * `CSC_TRUST_ANCHORS` (that service's root), the userID templates and the seal's PIN. The service is
 * the strict one (it refuses what CSC v2.0.0.2 does not allow, redeems codes and SADs once) and enrols
 * its users itself, as a QTSP's registration authority does. An order is signed by the employee and
 * sealed at the employer's approval, and pdfsig trusts both with that service's root.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import type { Order } from '@leasing/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { orderDocuments, orders } from '../../db/schema.js';
import { runAsSystem } from '../../db/scope.js';
import { signAtTrustService } from '../../test-support/csc-signing.js';
import { buildOrder } from '../../test-support/builders.js';
import { bearer, createTestApp, databaseTargets, loginAs, type TestApp } from '../../test-support/harness.js';
import { STEP } from '../../test-support/order-fixtures.js';
import { nssDatabaseTrusting, pdfsig } from '../../test-support/pdfsig.js';
import { CLIENT_ID, SEAL_PIN, startTrustService, type TrustServiceApp } from '../../test-support/trust-service-app.js';
import { DEMO_ACCOUNTS } from '../demo/accounts.js';

/** A client secret as long as the platform requires of a production QTSP's. */
const QTSP_SECRET = 'qtsp-client-secret-0123456789';

describe.each(databaseTargets())('an order signed and sealed at a configured CSC v2 service on %s', (target) => {
  let qtsp: TrustServiceApp;
  let t: TestApp;
  let dir: string;
  let employee: string;
  let tenantAdmin: string;
  /** The platform's return address, known once the app listens: the only one the service accepts. */
  let returnAddress = '';

  async function call<T>(method: 'GET' | 'PUT', url: string, token: string, payload?: object) {
    const response = await t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
    return { status: response.statusCode, body: (response.body ? response.json() : null) as T };
  }

  async function accept(orderId: number, stepId: number, token: string) {
    const order = (await call<Order>('GET', `/v1/order/${orderId}/workflow`, token)).body;
    const userStepId = order.userSteps.filter((s) => s.status === null).at(-1)?.id ?? '';
    return call('PUT', `/v1/order/${orderId}/step/${stepId}/accept`, token, { orderId, userStepId });
  }

  const documentNamed = (orderId: number, name: string) =>
    runAsSystem(async () => {
      const [document] = await t.runtime.database.db
        .select({ pdf: orderDocuments.pdf })
        .from(orderDocuments)
        .where(and(eq(orderDocuments.orderId, orderId), eq(orderDocuments.name, name)));
      return document ? Buffer.from(document.pdf) : null;
    });

  beforeAll(async () => {
    qtsp = await startTrustService({ clientSecret: QTSP_SECRET, isRegisteredRedirect: (uri) => uri === returnAddress });
    dir = mkdtempSync(path.join(tmpdir(), 'external-qtsp-'));
    const rootFile = path.join(dir, 'qtsp-root.pem');
    writeFileSync(rootFile, (await qtsp.state()).pki.root.certificate.toString('pem'));
    t = await createTestApp(target, {
      listen: true,
      env: {
        CSC_BASE_URL: qtsp.config.baseUrl,
        CSC_CLIENT_ID: CLIENT_ID,
        CSC_CLIENT_SECRET: QTSP_SECRET,
        CSC_TSA_URL: qtsp.config.tsaUrl ?? '',
        CSC_TRUST_ANCHORS: rootFile,
        CSC_SIGNER_USER_ID: 'person-{userId}',
        CSC_SEAL_USER_ID: 'seal-{tenantId}',
        CSC_SEAL_AUTH_DATA: `PIN=${SEAL_PIN}`,
      },
    });
    returnAddress = `${t.config.publicUrl}/v1/signature/return`;
    employee = (await loginAs(t.app)).accessToken;
    tenantAdmin = (await loginAs(t.app, DEMO_ACCOUNTS.tenantAdmin)).accessToken;
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await qtsp?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('has no trust service of its own, signs at the configured one and seals there, trusted by pdfsig', async () => {
    const ownService = await t.app.inject({ method: 'GET', url: '/simulator/ca.pem' });
    expect(ownService.statusCode).toBe(404);

    const orderId = await buildOrder(t, employee, { step: 'NECT_SIGN' });
    const order = (await call<Order>('GET', `/v1/order/${orderId}/workflow`, employee)).body;
    const person = order.orderUserInfo.addressDto;
    // The QTSP knows its users from its own registration: the employee and the employer's seal.
    const userId = (await call<{ id: string }>('GET', '/v1/me', employee)).body.id;
    await qtsp.enrol(`person-${userId}`, { commonName: `${person.firstName} ${person.lastName}` });
    const tenantId = await runAsSystem(async () => {
      const [row] = await t.runtime.database.db
        .select({ tenantId: orders.tenantId })
        .from(orders)
        .where(eq(orders.id, orderId));
      return row?.tenantId ?? '';
    });
    await qtsp.enrol(`seal-${tenantId}`, { commonName: order.tenantName, organization: order.tenantName });

    const started = await call<{ link: string }>('PUT', `/v1/order/${orderId}/step/${STEP.sign}/nect-sign`, employee);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body.link.startsWith(`${qtsp.base}/simulator/csc/oauth2/authorize?`)).toBe(true);
    const visit = await signAtTrustService(started.body.link);
    expect(visit.status, visit.body).toBe(303);
    expect(visit.location).toBe(`${t.config.publicUrl}/order/${orderId}/workflow`);

    expect((await accept(orderId, STEP.tenant, tenantAdmin)).status).toBe(200);
    const sealed = await documentNamed(orderId, `Ueberlassungsvertrag-${orderId}-gegengezeichnet.pdf`);
    expect(sealed).not.toBeNull();
    const file = path.join(dir, 'sealed.pdf');
    writeFileSync(file, sealed!);
    const report = pdfsig(file, nssDatabaseTrusting(dir, (await qtsp.state()).pki.root.certificate.toString('pem')));
    // Employee's signature and employer's seal, both valid and trusted with the QTSP's root, then the
    // document timestamp of the long-term extension over the whole file.
    expect(report.match(/Signature is Valid\./g)).toHaveLength(2);
    expect(report.match(/Certificate is Trusted\./g)).toHaveLength(2);
    expect(report).toContain(`Signer Certificate Common Name: ${person.firstName} ${person.lastName}`);
    expect(report).toContain(`Signer Certificate Common Name: ${order.tenantName}`);
    expect(report.split('Signature #3')[1]).toContain('Total document signed');
  }, 180_000);
});
