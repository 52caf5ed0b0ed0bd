import { buildAddress, buildSalaryInfo } from '@leasing/contract/test-support';
import { DrizzleQueryError } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DEMO_REGISTER_CODE } from '../modules/demo/accounts.js';
import { loggableError } from '../lib/loggable-error.js';
import { bearer, createTestApp, databaseTargets, loginAs, type TestApp } from '../test-support/harness.js';
import { findControlCharacter } from './input-hygiene.js';
import { captureLog } from '../test-support/log-capture.js';

describe('control characters', () => {
  // eslint-disable-next-line no-control-regex
  const body = /[\u0000-\u0008]/;
  it('names the first field that holds one, in keys and nested values', () => {
    expect(findControlCharacter({ a: 'ok', b: { c: ['x', 'y\u0000'] } }, body)).toBe('b.c.1');
    expect(findControlCharacter({ ['k\u0001']: 'v' }, body)).toBe('k\u0001');
    expect(findControlCharacter({ a: 'Zeile 1\nZeile 2' }, body)).toBeNull();
    expect(findControlCharacter('plain', body)).toBeNull();
    expect(findControlCharacter(null, body)).toBeNull();
  });
});

describe.each(databaseTargets())('input with control characters on %s', (target) => {
  const { lines, sink } = captureLog();
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(target, { env: { LOG_LEVEL: 'info' }, logStream: sink });
    token = (await loginAs(t.app)).accessToken;
  });
  afterAll(async () => {
    await t.close();
  });

  const personal = 'Schmidt-Geheimname';

  it('answers 400 with the usual error body and stores nothing', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/v1/user/info', headers: bearer(token) });
    const requests = [
      {
        method: 'PUT' as const,
        url: '/v1/user/info',
        headers: bearer(token),
        payload: { addressDto: buildAddress({ lastName: `${personal}\u0000` }), salaryInfo: buildSalaryInfo() },
      },
      {
        method: 'POST' as const,
        url: `/v1/auth/register/${DEMO_REGISTER_CODE}`,
        payload: {
          firstName: `${personal}\u0007`,
          lastName: 'X',
          email: 'nul@example.com',
          password: 'Ein-gutes-Passwort-9',
          confirmPassword: 'Ein-gutes-Passwort-9',
        },
      },
      { method: 'POST' as const, url: '/v1/auth/login', payload: { username: 'a\u0000@example.com', password: 'x' } },
      { method: 'GET' as const, url: '/v1/search?manufacturerIds=%00abc', headers: bearer(token) },
    ];
    for (const request of requests) {
      const response = await t.app.inject(request);
      expect(response.statusCode, request.url).toBe(400);
      expect(response.json()).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
      expect(response.body).not.toContain(personal);
    }
    const after = await t.app.inject({ method: 'GET', url: '/v1/user/info', headers: bearer(token) });
    expect(after.json()).toEqual(before.json());
  });

  it('keeps the personal data of refused requests out of the log', () => {
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.filter((line) => line.includes(personal))).toEqual([]);
    expect(lines.filter((line) => line.includes('"level":50'))).toEqual([]);
  });
});

describe('logging a failed query', () => {
  it('keeps the SQL and the error code, never the bound parameters or quoted values', () => {
    const cause = Object.assign(new Error('invalid input syntax for type uuid: "Erika Mustermann"'), {
      code: '22P02',
      severity: 'ERROR',
      routine: 'string_to_uuid',
    });
    const error = new DrizzleQueryError('select * from users where id = $1', ['Erika Mustermann'], cause);
    const logged = JSON.stringify(loggableError(error));
    expect(logged).toContain('select * from users where id = $1');
    expect(logged).toContain('22P02');
    expect(logged).not.toContain('Mustermann');
  });
});
