import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DEMO_ACCOUNTS } from '../demo/accounts.js';
import { bearer, createTestApp, databaseTargets, loginAs, type TestApp } from '../../test-support/harness.js';

describe.each(databaseTargets())('the signed-in user on %s', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps the interface language on the account: German by default, English when chosen', async () => {
    const { accessToken } = await loginAs(t.app, DEMO_ACCOUNTS.employee);
    const me = () => t.app.inject({ method: 'GET', url: '/v1/me', headers: bearer(accessToken) });
    const choose = (language: unknown) =>
      t.app.inject({ method: 'PUT', url: '/v1/user/language', headers: bearer(accessToken), payload: { language } });
    expect((await me()).json()).toMatchObject({ email: DEMO_ACCOUNTS.employee, language: 'de' });
    expect((await choose('en')).statusCode).toBe(204);
    expect((await me()).json()).toMatchObject({ language: 'en' });
    const refused = await choose('fr');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ errors: [{ field: 'language' }] });
    expect((await me()).json()).toMatchObject({ language: 'en' });
    // Another person's choice is their own.
    const admin = await loginAs(t.app, DEMO_ACCOUNTS.tenantAdmin);
    const adminMe = await t.app.inject({ method: 'GET', url: '/v1/me', headers: bearer(admin.accessToken) });
    expect(adminMe.json()).toMatchObject({ language: 'de' });
  });

  it('refuses anonymous callers', async () => {
    const response = await t.app.inject({ method: 'PUT', url: '/v1/user/language', payload: { language: 'en' } });
    expect(response.statusCode).toBe(401);
  });
});
