import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DEMO_ACCOUNTS } from '../modules/demo/accounts.js';
import { bearer, createTestApp, loginAs, type TestApp } from '../test-support/harness.js';

/**
 * Security checklist 13, generated from the route table (the OpenAPI document lists every route with
 * its security), so a new route is covered the day it is added: every route that needs a token refuses
 * anonymous callers with 401, and the role areas refuse the other roles.
 */
interface Operation {
  method: string;
  path: string;
  secured: boolean;
}

/** Which roles may use a path area; everyone signed in may use the rest. */
const AREAS: { prefix: string; allowed: string[] }[] = [
  { prefix: '/v1/provider/', allowed: ['PROVIDER_ADMIN'] },
  { prefix: '/v1/tenant/', allowed: ['TENANT_ADMIN'] },
  { prefix: '/v1/admin/', allowed: ['TENANT_ADMIN', 'PROVIDER_ADMIN'] },
];

const SAMPLE_UUID = '00000000-0000-4000-8000-000000000000';

function concrete(path: string): string {
  return path.replace(/\{(\w+)\}/g, (_match, name: string) =>
    name === 'orderId' || name === 'stepId'
      ? '1'
      : name.toLowerCase().includes('email')
        ? 'x@example.com'
        : SAMPLE_UUID,
  );
}

describe('the role matrix of every route', () => {
  let t: TestApp;
  let operations: Operation[];
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp('pglite');
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json<{
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    }>();
    operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({
        method: method.toUpperCase(),
        path,
        secured: (op.security?.length ?? 0) > 0,
      })),
    );
    tokens['EMPLOYEE'] = (await loginAs(t.app, DEMO_ACCOUNTS.employee)).accessToken;
    tokens['TENANT_ADMIN'] = (await loginAs(t.app, DEMO_ACCOUNTS.tenantAdmin)).accessToken;
    tokens['PROVIDER_ADMIN'] = (await loginAs(t.app, DEMO_ACCOUNTS.providerAdmin)).accessToken;
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  const send = (op: Operation, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: op.method as 'GET',
      url: concrete(op.path),
      headers,
      ...(op.method === 'GET' || op.method === 'DELETE' ? {} : { payload: {} }),
    });

  it('finds the secured routes in the route table', () => {
    expect(operations.filter((op) => op.secured).length).toBeGreaterThan(20);
    // A route in a role area that does not declare its token would escape the matrix.
    for (const op of operations.filter((o) => AREAS.some((a) => o.path.startsWith(a.prefix))))
      expect(op.secured || op.path === '/v1/provider/callback', `${op.method} ${op.path}`).toBe(true);
  });

  it('answers 401 with the error body to anonymous callers of every secured route', async () => {
    for (const op of operations.filter((o) => o.secured)) {
      const response = await send(op);
      expect(response.statusCode, `${op.method} ${op.path}`).toBe(401);
      expect(response.json(), `${op.method} ${op.path}`).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
    }
  });

  it('refuses every role outside a role area, and never does the work', async () => {
    for (const area of AREAS) {
      const routes = operations.filter((o) => o.secured && o.path.startsWith(area.prefix));
      for (const role of Object.keys(tokens).filter((r) => !area.allowed.includes(r))) {
        for (const op of routes) {
          const response = await send(op, bearer(tokens[role] ?? ''));
          const label = `${role} ${op.method} ${op.path}`;
          // Reads are refused outright; writes may already fail validation of the empty body.
          if (op.method === 'GET') expect(response.statusCode, label).toBe(403);
          else expect([400, 403], label).toContain(response.statusCode);
        }
      }
    }
  });
});
