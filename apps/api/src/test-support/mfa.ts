import type { CreateTenantResponse } from '@leasing/contract';
import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';

import { bearer } from './harness.js';
import { latestCode, mailbox } from './mailbox.js';
import { beispielAg, caller } from './provider.js';

/** Helpers of the second factor's tests. */
export const HR_PASSWORD = 'Beispiel-Personal-2026';

/** The subjects of the mails to `to`, newest first (German: new accounts speak German). */
export async function subjectsTo(app: FastifyInstance, to: string): Promise<string[]> {
  return (await mailbox(app)).filter((m) => m.to === to).map((m) => m.subject);
}

/** The eight-digit enrolment code of the newest code mail to `to`. */
export async function mailedEnrolmentCode(app: FastifyInstance, to: string): Promise<string> {
  const mail = (await mailbox(app)).find((m) => m.to === to && /Code zur Einrichtung/.test(m.subject));
  const code = /\b(\d{8})\b/.exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error(`no enrolment code mailed to ${to}`);
  return code;
}

/** The provider creates an employer; its HR admin accepts the invitation. Answers the acceptance. */
export async function invitedAdmin(app: FastifyInstance, providerToken: string, suffix: string) {
  const call = caller(app);
  const input = beispielAg(suffix);
  const tenant = (await call<CreateTenantResponse>('POST', '/v1/provider/tenants', providerToken, input)).body;
  const code = await latestCode(app, input.admin.email, '/invite/');
  const accepted = await app.inject({
    method: 'PUT',
    url: '/v1/confirm/password/reset',
    payload: { code, password: HR_PASSWORD },
  });
  return {
    tenantId: tenant.id,
    userId: tenant.admins[0]?.id ?? '',
    email: input.admin.email,
    accepted: accepted.json<{
      authenticated: boolean;
      accessToken: string;
      mfaEnrollmentRequired?: boolean;
      mfaEnrolmentCode?: string;
    }>(),
  };
}

/** Enrols with a mailbox code already at hand; answers the secret and the recovery codes. */
export async function enrolWith(app: FastifyInstance, token: string, password: string, mailCode: string, now: Date) {
  const setup = await app.inject({
    method: 'POST',
    url: '/v1/user/mfa/setup',
    headers: bearer(token),
    payload: { password, mailCode },
  });
  if (setup.statusCode !== 200) throw new Error(`setup failed: ${setup.body}`);
  const { secret } = setup.json<{ secret: string }>();
  const code = await generate({ secret, epoch: Math.floor(now.getTime() / 1000) });
  const confirm = await app.inject({
    method: 'POST',
    url: '/v1/user/mfa/confirm',
    headers: bearer(token),
    payload: { code },
  });
  if (confirm.statusCode !== 200) throw new Error(`confirm failed: ${confirm.body}`);
  return { secret, recoveryCodes: confirm.json<{ recoveryCodes: string[] }>().recoveryCodes };
}

/** The whole enrolment the way a signed-in person does it: code by mail, then setup and confirm. */
export async function enrolByMail(app: FastifyInstance, token: string, email: string, password: string, now: Date) {
  const mailed = await app.inject({
    method: 'POST',
    url: '/v1/user/mfa/setup',
    headers: bearer(token),
    payload: { password },
  });
  if (mailed.statusCode !== 202) throw new Error(`no code mailed: ${mailed.body}`);
  return enrolWith(app, token, password, await mailedEnrolmentCode(app, email), now);
}
