import type { ApiKeyCreated, ScimToken, ScimTokenCreated } from '@leasing/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { auditLog, users } from '../../db/schema.js';
import { buildTenant } from '../../test-support/factories.js';
import { bearer, createTestApp, databaseTargets, loginAs, type TestApp } from '../../test-support/harness.js';
import { mailbox } from '../../test-support/mailbox.js';
import { createScimToken, entraCreateUser, filterPath, scimRequest } from '../../test-support/scim.js';
import { DEMO_ACCOUNTS } from '../demo/accounts.js';

const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
const ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';

describe.each(databaseTargets())('the SCIM protocol at /scim/v2 on %s', (target) => {
  let t: TestApp;
  let hr: string;
  let token: string;
  let tokenId: string;
  let other: Awaited<ReturnType<typeof buildTenant>>;
  let otherToken: string;

  beforeAll(async () => {
    t = await createTestApp(target);
    hr = (await loginAs(t.app, DEMO_ACCOUNTS.tenantAdmin)).accessToken;
    const created = await createScimToken(t.app, hr);
    token = created.token;
    tokenId = created.id;
    other = await buildTenant(t.app, t.runtime.database.db, { prefix: 'scimfremd', now: t.clock.now() });
    otherToken = (await createScimToken(t.app, other.admin.accessToken, 'Fremdes Entra')).token;
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  const scim = (
    method: Parameters<typeof scimRequest>[1],
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ) => scimRequest(t.app, method, path, token, body, headers);
  const create = async (userName: string, externalId: string) => {
    const created = await scim('POST', '/Users', entraCreateUser(userName, externalId));
    expect(created.status).toBe(201);
    return String(created.body['id']);
  };
  const patch = (id: string, Operations: unknown[]) =>
    scim('PATCH', `/Users/${id}`, { schemas: [PATCH_OP], Operations });

  it('describes itself: ServiceProviderConfig, ResourceTypes and Schemas', async () => {
    const config = await scim('GET', '/ServiceProviderConfig');
    expect(config.status).toBe(200);
    expect(config.raw.headers['content-type']).toContain('application/scim+json');
    expect(config.body).toMatchObject({
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
      patch: { supported: true },
      bulk: { supported: false },
      filter: { supported: true, maxResults: 200 },
      sort: { supported: false },
      changePassword: { supported: false },
      etag: { supported: true },
      authenticationSchemes: [expect.objectContaining({ type: 'oauthbearertoken' }) as unknown],
    });
    const types = await scim('GET', '/ResourceTypes');
    expect(types.body).toMatchObject({
      totalResults: 1,
      Resources: [{ id: 'User', endpoint: '/Users', schemaExtensions: [{ schema: ENTERPRISE, required: false }] }],
    });
    expect((await scim('GET', '/ResourceTypes/User')).body).toMatchObject({ id: 'User' });
    const schemas = await scim('GET', '/Schemas');
    const ids = (schemas.body['Resources'] as { id: string; attributes: { name: string }[] }[]).map((s) => s.id);
    expect(ids).toEqual(['urn:ietf:params:scim:schemas:core:2.0:User', ENTERPRISE]);
    const enterprise = await scim('GET', `/Schemas/${ENTERPRISE}`);
    expect(enterprise.body).toMatchObject({ attributes: [{ name: 'employeeNumber' }] });
    const unknown = await scim('GET', '/Groups');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ schemas: [ERROR], status: '404' });
  });

  it('opens only to a SCIM token of the employer, which opens nothing else', async () => {
    const anonymous = await scimRequest(t.app, 'GET', '/Users', null);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ schemas: [ERROR], status: '401' });
    expect(anonymous.raw.headers['www-authenticate']).toContain('Bearer');
    // Discovery is behind the token too: nothing about the service before sign-in.
    expect((await scimRequest(t.app, 'GET', '/ServiceProviderConfig', null)).status).toBe(401);
    expect((await scimRequest(t.app, 'GET', '/Nowhere', null)).status).toBe(401);
    const wrong = `${token.slice(0, -4)}AAAA`;
    expect((await scimRequest(t.app, 'GET', '/Users', wrong)).status).toBe(401);
    // A person's access token (HR's included) and an API key are not SCIM tokens.
    expect((await scimRequest(t.app, 'GET', '/Users', hr)).status).toBe(401);
    const key = await t.app.inject({
      method: 'POST',
      url: '/v1/tenant/api-keys',
      headers: bearer(hr),
      payload: { name: 'HR-System', scopes: ['people:read', 'people:write'] },
    });
    expect((await scimRequest(t.app, 'GET', '/Users', key.json<ApiKeyCreated>().key)).status).toBe(401);
    // A SCIM token opens no /v1 route, the token routes themselves included.
    for (const url of ['/v1/tenant/employees', '/v1/me', '/v1/tenant/scim-tokens', '/v1/tenant/people']) {
      expect((await t.app.inject({ method: 'GET', url, headers: bearer(token) })).statusCode).toBe(401);
    }
    // Each use is audited with the token's name and the route.
    const used = await t.runtime.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'tenant.scim_token.used'), eq(auditLog.subjectId, tokenId)));
    expect(used.map((row) => row.fields)).toContainEqual(['token:Entra ID', 'GET /scim/v2/ServiceProviderConfig']);
  });

  it("keeps employers apart: another employer's token finds, reads and changes none of them", async () => {
    const id = await create('getrennt.gerd@example.com', 'ext-gerd');
    expect((await scimRequest(t.app, 'GET', `/Users/${id}`, otherToken)).status).toBe(404);
    expect(
      (
        await scimRequest(t.app, 'PATCH', `/Users/${id}`, otherToken, {
          schemas: [PATCH_OP],
          Operations: [{ op: 'replace', path: 'active', value: false }],
        })
      ).status,
    ).toBe(404);
    expect((await scimRequest(t.app, 'DELETE', `/Users/${id}`, otherToken)).status).toBe(404);
    const theirs = await scimRequest(t.app, 'GET', filterPath('userName eq "getrennt.gerd@example.com"'), otherToken);
    expect(theirs.body).toMatchObject({ totalResults: 0 });
    const all = await scimRequest(t.app, 'GET', '/Users', otherToken);
    expect((all.body['Resources'] as { userName: string }[]).map((u) => u.userName)).toEqual([other.employee.email]);
    // Their person's address is not ours to create, and the answer names no one.
    const taken = await scim('POST', '/Users', entraCreateUser(other.employee.email, 'ext-fremd'));
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({
      schemas: [ERROR],
      status: '409',
      scimType: 'uniqueness',
      detail: 'userName is not available',
    });
    // Nor is an admin's (admins are not SCIM's to manage).
    expect((await scim('POST', '/Users', entraCreateUser(DEMO_ACCOUNTS.tenantAdmin, 'ext-hr'))).status).toBe(409);
    expect((await scim('GET', filterPath(`userName eq "${DEMO_ACCOUNTS.tenantAdmin}"`))).body).toMatchObject({
      totalResults: 0,
    });
  });

  it('refuses a second user with the same userName or externalId (409 uniqueness)', async () => {
    await create('einmal.emil@example.com', 'ext-emil');
    const sameName = await scim('POST', '/Users', entraCreateUser('Einmal.Emil@example.com', 'ext-other'));
    expect(sameName.status).toBe(409);
    expect(sameName.body).toMatchObject({ scimType: 'uniqueness', status: '409' });
    const sameExternal = await scim('POST', '/Users', entraCreateUser('zweimal.zora@example.com', 'ext-emil'));
    expect(sameExternal.body).toMatchObject({ scimType: 'uniqueness' });
    // A person HR invited is found by the directory (and linked by its PATCH), not created twice.
    const demo = await scim('GET', filterPath(`userName eq "${DEMO_ACCOUNTS.employee}"`));
    expect(demo.body).toMatchObject({ totalResults: 1 });
    const demoId = (demo.body['Resources'] as { id: string }[])[0]?.id ?? '';
    expect((await patch(demoId, [{ op: 'add', path: 'externalId', value: 'ext-max' }])).body).toMatchObject({
      externalId: 'ext-max',
      userName: DEMO_ACCOUNTS.employee,
    });
    const taken = await patch(demoId, [{ op: 'Replace', path: 'userName', value: 'einmal.emil@example.com' }]);
    expect(taken.body).toMatchObject({ status: '409', scimType: 'uniqueness' });
    const takenExternal = await patch(demoId, [{ op: 'Replace', path: 'externalId', value: 'ext-emil' }]);
    expect(takenExternal.body).toMatchObject({ status: '409', scimType: 'uniqueness' });
  });

  it('applies PATCH in path and value-object forms, any case of op, remove, and Entra’s attributes it does not keep', async () => {
    const id = await create('patch.paula@example.com', 'ext-paula');
    // Entra without the compliance flag: one "Replace" per attribute, the enterprise one by its URN path.
    const replaced = await patch(id, [
      { op: 'Replace', path: 'displayName', value: 'Pvlo' },
      { op: 'Replace', path: 'emails[type eq "work"].value', value: 'patch.paula@example.com' },
      { op: 'Replace', path: 'name.givenName', value: 'Gtfd' },
      { op: 'Replace', path: 'name.familyName', value: 'Pkqf' },
      { op: 'Replace', path: 'externalId', value: 'Eqpj' },
      { op: 'Replace', path: `${ENTERPRISE}:employeeNumber`, value: 'P-100' },
    ]);
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User', ENTERPRISE],
      externalId: 'Eqpj',
      name: { givenName: 'Gtfd', familyName: 'Pkqf' },
      [ENTERPRISE]: { employeeNumber: 'P-100' },
    });
    // With the flag: a value object without a path, its keys dotted and URN-qualified.
    const valueObject = await patch(id, [
      { op: 'replace', path: 'emails[type eq "work"].value', value: 'patch.paula@example.com' },
      {
        op: 'replace',
        value: {
          displayName: 'Bjfe',
          'name.givenName': 'Kkom',
          'name.familyName': 'Unua',
          [`${ENTERPRISE}:employeeNumber`]: 'Aklq',
        },
      },
    ]);
    expect(valueObject.body).toMatchObject({
      name: { givenName: 'Kkom', familyName: 'Unua' },
      [ENTERPRISE]: { employeeNumber: 'Aklq' },
    });
    // A complex value object sets the sub-attributes it names and leaves the others.
    const nested = await patch(id, [
      { op: 'REPLACE', value: { name: { givenName: 'Paula' }, [ENTERPRISE]: { employeeNumber: 'P-7' } } },
    ]);
    expect(nested.body).toMatchObject({
      name: { givenName: 'Paula', familyName: 'Unua' },
      [ENTERPRISE]: { employeeNumber: 'P-7' },
    });
    // Entra's "Add nickName": accepted, not kept.
    expect((await patch(id, [{ op: 'Add', path: 'nickName', value: 'Babs' }])).status).toBe(200);
    // Remove in any case; the personnel number and externalId are gone, the names stay required.
    const removed = await patch(id, [
      { op: 'Remove', path: `${ENTERPRISE}:employeeNumber` },
      { op: 'remove', path: 'externalId' },
    ]);
    expect(removed.status).toBe(200);
    expect(removed.body['externalId']).toBeUndefined();
    expect(removed.body[ENTERPRISE]).toBeUndefined();
    expect(removed.body['schemas']).toEqual(['urn:ietf:params:scim:schemas:core:2.0:User']);
    const [row] = await t.runtime.database.db.select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({ firstName: 'Paula', lastName: 'Unua', employeeId: null });
    expect((await patch(id, [{ op: 'remove', path: 'name.givenName' }])).body).toMatchObject({
      scimType: 'invalidValue',
    });
    // The user name is the address: changed at once, the old address told.
    const moved = await patch(id, [{ op: 'Replace', path: 'userName', value: 'Paula.Neu@example.com' }]);
    expect(moved.body).toMatchObject({
      userName: 'paula.neu@example.com',
      emails: [{ value: 'paula.neu@example.com' }],
    });
    expect(
      (await mailbox(t.app)).find((m) => m.to === 'patch.paula@example.com' && m.subject.includes('E-Mail')),
    ).toBeDefined();
  });

  it('refuses what a PATCH or a body may not do, in the standard’s words', async () => {
    const id = await create('streng.stefan@example.com', 'ext-stefan');
    expect((await patch(id, [{ op: 'replace', path: 'id', value: 'x' }])).body).toMatchObject({
      status: '400',
      scimType: 'mutability',
    });
    expect((await patch(id, [{ op: 'replace', value: { meta: {} } }])).body).toMatchObject({ scimType: 'mutability' });
    expect((await patch(id, [{ op: 'remove', path: 'userName' }])).body).toMatchObject({ scimType: 'mutability' });
    expect((await patch(id, [{ op: 'move', path: 'active', value: false }])).body).toMatchObject({
      scimType: 'invalidSyntax',
    });
    expect((await patch(id, [{ op: 'replace', path: 'active', value: 'maybe' }])).body).toMatchObject({
      scimType: 'invalidValue',
    });
    expect((await patch(id, [{ op: 'remove' }])).body).toMatchObject({ scimType: 'noTarget' });
    expect((await scim('PATCH', `/Users/${id}`, { Operations: [] })).body).toMatchObject({ scimType: 'invalidSyntax' });
    const notMail = await scim(
      'POST',
      '/Users',
      entraCreateUser('Test_User_ab6490ee-1e48-479e-a20b-2d77186b5dd1', 'x'),
    );
    expect(notMail.body).toMatchObject({
      status: '400',
      scimType: 'invalidValue',
      detail: 'Invalid value of userName',
    });
    const noSchema = await scim('POST', '/Users', {
      userName: 'ohne.schema@example.com',
      name: { givenName: 'A', familyName: 'B' },
    });
    expect(noSchema.body).toMatchObject({ scimType: 'invalidSyntax' });
    const broken = await scim('POST', '/Users', '{"schemas": [');
    expect(broken.status).toBe(400);
    expect(broken.body).toMatchObject({ schemas: [ERROR], scimType: 'invalidSyntax' });
    const control = await scim('POST', '/Users', entraCreateUser('steuer.zeichen@example.com', 'a\u0007b'));
    expect(control.body).toMatchObject({ status: '400', scimType: 'invalidValue' });
    const text = await scim('POST', '/Users', 'userName=x', { 'content-type': 'text/plain' });
    expect(text.status).toBe(415);
    const xml = await scim('POST', '/Users', '<User/>', { 'content-type': 'application/xml' });
    expect(xml.status).toBe(415);
    expect(xml.body).toMatchObject({ schemas: [ERROR], status: '415' });
    expect((await scim('GET', '/Users/not-a-uuid')).status).toBe(404);
  });

  it('replaces a user with PUT, takes plain application/json too, and honours If-Match', async () => {
    const id = await create('ganz.neu@example.com', 'ext-ganz');
    const current = await scim('GET', `/Users/${id}`);
    const version = String(current.raw.headers['etag']);
    const body = {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User', ENTERPRISE],
      userName: 'ganz.neu@example.com',
      name: { givenName: 'Gabi', familyName: 'Ganz' },
      [ENTERPRISE]: { employeeNumber: 'G-1' },
    };
    const replaced = await scim('PUT', `/Users/${id}`, body, { 'if-match': version });
    expect(replaced.status).toBe(200);
    // Left out, the externalId is gone; left out, active stays as it was.
    expect(replaced.body).toMatchObject({
      name: { givenName: 'Gabi', familyName: 'Ganz' },
      active: true,
      [ENTERPRISE]: { employeeNumber: 'G-1' },
    });
    expect(replaced.body['externalId']).toBeUndefined();
    const stale = await scim('PUT', `/Users/${id}`, body, { 'if-match': version });
    expect(stale.status).toBe(412);
    expect(stale.body).toMatchObject({ schemas: [ERROR], status: '412' });
    const json = await t.app.inject({
      method: 'PATCH',
      url: `/scim/v2/Users/${id}`,
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: { schemas: [PATCH_OP], Operations: [{ op: 'replace', path: 'name.familyName', value: 'Json' }] },
    });
    expect(json.statusCode).toBe(200);
    expect(json.headers['content-type']).toBe('application/scim+json; charset=utf-8');
  });

  it('filters by externalId and userName with and, pages by startIndex and count, refuses other filters', async () => {
    const ids: string[] = [];
    for (const name of ['eins', 'zwei', 'drei']) {
      // A second apart: the list is in the order of creation.
      t.clock.advance(1_000);
      ids.push(await create(`seite.${name}@example.com`, `page-${ids.length + 1}`));
    }
    const byExternal = await scim('GET', filterPath('externalId eq "page-2"'));
    expect(byExternal.body).toMatchObject({ totalResults: 1, Resources: [{ id: ids[1], externalId: 'page-2' }] });
    // externalId is case-exact, userName is not.
    expect((await scim('GET', filterPath('externalId eq "PAGE-2"'))).body).toMatchObject({ totalResults: 0 });
    const both = await scim('GET', filterPath('userName eq "SEITE.DREI@example.com" and externalId eq "page-3"'));
    expect(both.body).toMatchObject({ totalResults: 1, Resources: [{ id: ids[2] }] });
    expect(
      (await scim('GET', filterPath('userName eq "seite.drei@example.com" and externalId eq "page-1"'))).body,
    ).toMatchObject({ totalResults: 0 });
    expect(
      (await scim('GET', filterPath('emails[type eq "work"].value eq "seite.eins@example.com"'))).body,
    ).toMatchObject({ totalResults: 1 });

    const all = await scim('GET', '/Users?count=200');
    const total = Number(all.body['totalResults']);
    const everyone = (all.body['Resources'] as { id: string }[]).map((u) => u.id);
    expect(everyone.length).toBe(total);
    expect(everyone.slice(-3)).toEqual(ids);
    const counted = await scim('GET', '/Users?count=0');
    expect(counted.body).toMatchObject({ totalResults: total, itemsPerPage: 0, Resources: [] });
    const page = await scim('GET', `/Users?startIndex=${total - 2}&count=2`);
    expect(page.body).toMatchObject({ totalResults: total, startIndex: total - 2, itemsPerPage: 2 });
    expect((page.body['Resources'] as { id: string }[]).map((u) => u.id)).toEqual(ids.slice(0, 2));
    const last = await scim('GET', `/Users?startIndex=${total}&count=5`);
    expect((last.body['Resources'] as { id: string }[]).map((u) => u.id)).toEqual([ids[2]]);
    expect((await scim('GET', `/Users?startIndex=${total + 10}`)).body).toMatchObject({
      totalResults: total,
      Resources: [],
    });
    // Below 1 is 1 (RFC 7644 §3.4.2.4); no integer is refused.
    expect((await scim('GET', '/Users?startIndex=0&count=1')).body).toMatchObject({ startIndex: 1, itemsPerPage: 1 });
    expect((await scim('GET', '/Users?count=zwei')).body).toMatchObject({ status: '400', scimType: 'invalidValue' });

    for (const filter of [
      'userName co "seite"',
      'userName eq seite',
      'title eq "x"',
      'userName eq "a" or userName eq "b"',
      'userName pr',
      '(',
    ]) {
      const refused = await scim('GET', filterPath(filter));
      expect(refused.status, filter).toBe(400);
      expect(refused.body, filter).toMatchObject({ schemas: [ERROR], status: '400', scimType: 'invalidFilter' });
    }
  });

  it('lets HR make, list and revoke tokens; a revoked token is refused at once', async () => {
    const made = await createScimToken(t.app, hr, 'Zweites Verzeichnis');
    expect(made.token).toMatch(/^scim_[0-9a-f]{8}_[A-Za-z0-9_-]{43}$/);
    expect(made.prefix).toBe(made.token.slice(0, 13));
    expect(made.scimUrl).toBe(`${t.config.publicUrl}/scim/v2`);
    expect((await scimRequest(t.app, 'GET', '/Users?count=1', made.token)).status).toBe(200);
    const listed = await t.app.inject({ method: 'GET', url: '/v1/tenant/scim-tokens', headers: bearer(hr) });
    expect(listed.json<ScimToken[]>().map((k) => k.id)).toContain(made.id);
    expect(listed.body).not.toContain(made.token.slice(14));
    // Another employer's HR cannot see or revoke it.
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/v1/tenant/scim-tokens/${made.id}`,
          headers: bearer(other.admin.accessToken),
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/v1/tenant/scim-tokens/${made.id}`, headers: bearer(hr) }))
        .statusCode,
    ).toBe(204);
    expect((await scimRequest(t.app, 'GET', '/Users?count=1', made.token)).status).toBe(401);
    // Only HR, signed in as a person.
    const employee = (await loginAs(t.app)).accessToken;
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/v1/tenant/scim-tokens',
          headers: bearer(employee),
          payload: { name: 'x' },
        })
      ).statusCode,
    ).toBe(403);
    // At most five in force.
    for (let i = 0; i < 4; i++) await createScimToken(t.app, hr, `Rotation ${i}`);
    const sixth = await t.app.inject({
      method: 'POST',
      url: '/v1/tenant/scim-tokens',
      headers: bearer(hr),
      payload: { name: 'Zu viel' },
    });
    expect(sixth.statusCode).toBe(409);
  });

  it('refuses a token past its expiry', async () => {
    const expiring = await t.app.inject({
      method: 'POST',
      url: '/v1/tenant/scim-tokens',
      headers: bearer(other.admin.accessToken),
      payload: { name: 'Befristet', expiresAt: new Date(t.clock.now().getTime() + 3_600_000).toISOString() },
    });
    const { token: expiringToken } = expiring.json<ScimTokenCreated>();
    expect((await scimRequest(t.app, 'GET', '/Users?count=1', expiringToken)).status).toBe(200);
    t.clock.advance(2 * 3_600_000);
    expect((await scimRequest(t.app, 'GET', '/Users?count=1', expiringToken)).status).toBe(401);
    expect((await scimRequest(t.app, 'GET', '/Users?count=1', otherToken)).status).toBe(200);
  });
});
