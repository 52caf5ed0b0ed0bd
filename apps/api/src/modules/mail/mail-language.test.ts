import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DEMO_ACCOUNTS, DEMO_REGISTER_CODE } from '../demo/accounts.js';
import { bearer, createTestApp, databaseTargets, loginAs, type TestApp } from '../../test-support/harness.js';
import { readMessage, startReceiver } from '../../test-support/smtp-receiver.js';

/**
 * Mails leave in the recipient's language: the real app, its outbox and worker, delivering over SMTP
 * to a real receiver.
 */
describe.each(databaseTargets())('mails in the recipient language on %s', (target) => {
  let t: TestApp;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    receiver = await startReceiver();
    t = await createTestApp(target, { env: { SMTP_URL: `smtp://127.0.0.1:${receiver.port}` } });
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  /**
   * The newest mail to `to` once it has arrived. The commit that queued it also woke the worker, which
   * may be delivering it right now: wait for the receiver rather than for one drain.
   */
  const lastMailTo = async (to: string, before: number) => {
    await t.app.backgroundTasks.drain();
    for (let waited = 0; waited < 5_000; waited += 20) {
      await t.app.mailWorker.drain();
      const mail = receiver.received
        .slice(before)
        .filter((m) => m.to.includes(to))
        .at(-1);
      if (mail) return readMessage(mail.raw);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`no mail to ${to}`);
  };
  const requestReset = (email: string) =>
    t.app.inject({ method: 'POST', url: `/v1/confirm/password/reset/mail/${encodeURIComponent(email)}` });

  const PASSWORD = 'A-long-enough-phrase-7';
  /** A registration from a browser showing the English interface. */
  const registerInEnglish = (email: string) =>
    t.app.inject({
      method: 'POST',
      url: `/v1/auth/register/${DEMO_REGISTER_CODE}`,
      payload: {
        firstName: 'Sam',
        lastName: 'Taylor',
        email,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        language: 'en',
      },
    });

  it('sends the password reset in English to a person who chose English', async () => {
    const { accessToken } = await loginAs(t.app, DEMO_ACCOUNTS.employee);
    const chosen = await t.app.inject({
      method: 'PUT',
      url: '/v1/user/language',
      headers: bearer(accessToken),
      payload: { language: 'en' },
    });
    expect(chosen.statusCode).toBe(204);

    const before = receiver.received.length;
    expect((await requestReset(DEMO_ACCOUNTS.employee)).statusCode).toBe(202);
    const mail = await lastMailTo(DEMO_ACCOUNTS.employee, before);
    expect(mail.subject).toBe('Reset your password');
    expect(mail.text).toMatch(/^Hello Max,/);
    expect(mail.text).toContain('The link is valid for one hour and can be used once.');
    expect(mail.text).toMatch(/\/user\/passwordReset\/\S+/);
    expect(mail.text).toContain('Kind regards');
    expect(mail.html).toContain('<html lang="en">');
    expect(mail.html).toContain('>Set a new password</a>');
  });

  it('sends the password reset in German to a person who kept German', async () => {
    const before = receiver.received.length;
    expect((await requestReset(DEMO_ACCOUNTS.tenantAdmin)).statusCode).toBe(202);
    const mail = await lastMailTo(DEMO_ACCOUNTS.tenantAdmin, before);
    expect(mail.subject).toBe('Passwort zurücksetzen');
    expect(mail.text).toMatch(/^Hallo /);
    expect(mail.text).toContain('Der Link ist eine Stunde gültig');
    expect(mail.text).toContain('Viele Grüße');
    expect(mail.html).toContain('<html lang="de">');
  });

  it('confirms a registration in the language it was made in, and the account keeps it', async () => {
    const email = 'sam.taylor@example.com';
    const before = receiver.received.length;
    const registered = await registerInEnglish(email);
    expect(registered.statusCode).toBe(202);
    const mail = await lastMailTo(email, before);
    expect(mail.subject).toBe('Please confirm your e-mail address');
    expect(mail.text).toContain('salary conversion ("Gehaltsumwandlung"');
    const code = /\/user\/emailConfirm\/(\S+)/.exec(mail.text)?.[1] ?? '';
    expect((await t.app.inject({ method: 'POST', url: `/v1/confirm/email/code/${code}` })).statusCode).toBe(204);
    const { accessToken } = await loginAs(t.app, email, PASSWORD);
    const me = await t.app.inject({ method: 'GET', url: '/v1/me', headers: bearer(accessToken) });
    expect(me.json()).toMatchObject({ language: 'en' });
  });

  it("tells an existing account in its own language, not the registering browser's", async () => {
    const before = receiver.received.length;
    const registered = await registerInEnglish(DEMO_ACCOUNTS.tenantAdmin);
    expect(registered.statusCode).toBe(202);
    const mail = await lastMailTo(DEMO_ACCOUNTS.tenantAdmin, before);
    expect(mail.subject).toBe('Registrierung mit Ihrer E-Mail-Adresse');
  });
});
