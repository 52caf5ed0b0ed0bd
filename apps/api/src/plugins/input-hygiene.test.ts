import { buildAddress, buildSalaryInfo } from '@leasing/contract/test-support';
import { DrizzleQueryError } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { priceListImports } from '../db/schema-provider.js';
import { users } from '../db/schema.js';
import { DEMO_REGISTER_CODE } from '../modules/demo/accounts.js';
import { loggableError } from '../lib/loggable-error.js';
import { decodeUploadedText } from '../lib/uploaded-text.js';
import { bearer, createTestApp, databaseTargets, loginAs, type TestApp } from '../test-support/harness.js';
import { caller, tokensOfDemoRoles } from '../test-support/provider.js';
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

  it('leaves an upload’s bytes to the file’s reader instead of walking them one by one', () => {
    const bytes = new Proxy(Buffer.from('a\u0000b'), {
      ownKeys() {
        throw new Error('walked the bytes');
      },
    });
    expect(findControlCharacter({ file: bytes }, body)).toBeNull();
    expect(findControlCharacter(bytes, body)).toBeNull();
  });
});

describe('uploaded text', () => {
  const refusal = (bytes: Buffer): string => {
    try {
      decodeUploadedText(bytes);
    } catch (error) {
      return (error as Error).message;
    }
    throw new Error('accepted');
  };
  const header = '\uFEFFVorname;Nachname;E-Mail\r\n';

  it('reads UTF-8 text with tabs, line breaks and a real U+FFFD as it is', () => {
    const text = `${header}Anna;"Alt\r\nJr.";a@example.com\tx\r\nB\uFFFD;C;d@example.com\r\n`;
    expect(decodeUploadedText(Buffer.from(text))).toBe(text);
  });

  it('names row and column (with the header’s name) of a NUL, a control character and a byte that is not UTF-8', () => {
    expect(refusal(Buffer.from(`${header}Anna;Alt;a@example.com\r\nBen;B\u0000u;b@example.com\r\n`))).toBe(
      'Zeile 3, Spalte 2 („Nachname“): Die Datei enthält ein Nullzeichen (NUL) und ist so keine Textdatei (CSV).',
    );
    expect(refusal(Buffer.from(`${header}Anna;Alt;a\u0007@example.com\n`))).toMatch(
      /^Zeile 2, Spalte 3 \(„E-Mail“\): .*Steuerzeichen \(U\+0007\)/,
    );
    // A quoted line break stays in its row; "ü" saved as Latin-1 is one byte 0xFC.
    const latin1 = Buffer.concat([
      Buffer.from(`${header}"Anna\nMaria";Alt;a@example.com\nBen;M`),
      Buffer.from([0xfc]),
      Buffer.from('ller;b@example.com\n'),
    ]);
    expect(refusal(latin1)).toBe(
      'Zeile 3, Spalte 2 („Nachname“): Die Datei ist nicht UTF-8-kodiert. Bitte als „CSV UTF-8“ speichern.',
    );
    expect(refusal(Buffer.from('a,b\u0000,c\n'))).toMatch(/^Zeile 1, Spalte 2: /);
  });
});

describe.each(databaseTargets())('uploads with a NUL byte or bytes that are not UTF-8 on %s', (target) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let tokens: Awaited<ReturnType<typeof tokensOfDemoRoles>>;
  beforeAll(async () => {
    t = await createTestApp(target);
    call = caller(t.app);
    tokens = await tokensOfDemoRoles(t.app);
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  /** The exported price list's header and first two packages, with `bad` in row 3's model (column 4). */
  async function priceList(bad: Buffer): Promise<Buffer> {
    const exported = (await call('GET', '/v1/provider/catalog/export.csv', tokens.provider)).text;
    const [head, first, second] = exported.split('\n');
    const cells = (second ?? '').split(';');
    const model = cells[3] ?? '';
    return Buffer.concat([
      Buffer.from(`${head}\n${first}\n${cells.slice(0, 3).join(';')};${model.slice(0, 2)}`),
      bad,
      Buffer.from(`${model.slice(2)};${cells.slice(4).join(';')}\n`),
    ]);
  }
  const multipart = (file: Buffer) => {
    const boundary = '----leasing-test';
    return {
      body: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="liste.csv"\r\nContent-Type: text/csv\r\n\r\n`,
        ),
        file,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
      contentType: `multipart/form-data; boundary=${boundary}`,
    };
  };
  const NUL = Buffer.from([0]);
  const LATIN1_U_UMLAUT = Buffer.from([0xfc]);

  it('refuses a price list with either, raw or as multipart: 400 naming row and column, nothing stored', async () => {
    const db = t.app.orderDeps.db;
    const stored = async () => (await db.select({ id: priceListImports.id }).from(priceListImports)).length;
    const before = await stored();
    for (const [bad, problem] of [
      [NUL, 'Nullzeichen'],
      [LATIN1_U_UMLAUT, 'nicht UTF-8-kodiert'],
    ] as const) {
      const file = await priceList(bad);
      const form = multipart(file);
      for (const [body, contentType] of [
        [file, 'text/csv'],
        [form.body, form.contentType],
      ] as const) {
        const response = await call<{ status: number; code: string; message: string; errors: unknown[] }>(
          'POST',
          '/v1/provider/catalog/imports',
          tokens.provider,
          body,
          { 'content-type': contentType },
        );
        expect(response.status, `${problem} as ${contentType}`).toBe(400);
        expect(response.body).toMatchObject({
          status: 400,
          code: 'VALIDATION_FAILED',
          errors: [{ field: 'file', message: expect.stringContaining('Zeile 3, Spalte 4 („model“)') }],
        });
        expect(response.body.message).toContain(problem);
      }
    }
    expect(await stored()).toBe(before);
  });

  it('refuses an invite list with either: 400 naming row and column, nobody invited', async () => {
    const db = t.app.orderDeps.db;
    const people = async () => (await db.select({ id: users.id }).from(users)).length;
    const before = await people();
    for (const [bad, problem] of [
      [NUL, 'Nullzeichen'],
      [LATIN1_U_UMLAUT, 'nicht UTF-8-kodiert'],
    ] as const) {
      const file = Buffer.concat([
        Buffer.from('Vorname;Nachname;E-Mail\r\nNina;Neu;nina.neu@example.com\r\nOle;M'),
        bad,
        Buffer.from('ller;ole.m@example.com\r\n'),
      ]);
      const response = await call<{ message: string }>('POST', '/v1/tenant/invites', tokens.tenantAdmin, file, {
        'content-type': 'text/csv',
      });
      expect(response.status, problem).toBe(400);
      expect(response.body).toMatchObject({
        code: 'VALIDATION_FAILED',
        errors: [{ field: 'file', message: expect.stringContaining('Zeile 3, Spalte 2 („Nachname“)') }],
      });
      expect(response.body.message).toContain(problem);
    }
    expect(await people()).toBe(before);
    const clean = await call(
      'POST',
      '/v1/tenant/invites',
      tokens.tenantAdmin,
      'Vorname;Nachname;E-Mail\nOle;Müller;ole.m@example.com\n',
      {
        'content-type': 'text/csv',
      },
    );
    expect(clean.body).toMatchObject({ created: 1 });
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
