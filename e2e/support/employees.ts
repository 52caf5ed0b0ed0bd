import { expect, type Page } from '@playwright/test';

import { buildAddress, buildSalaryInfo } from '../../packages/contract/src/test-support/factories.js';

import { DEMO_REGISTER_CODE, type Account } from './demo-accounts.js';
import { mailLink } from './mailbox.js';

export type { Account };

let registrations = Math.floor(Math.random() * 254);

/**
 * A new employee of the demo employer (`DEMO_REGISTER_CODE`) without salary data: registered through
 * the API, the e-mail confirmed with the link from the development mailbox.
 */
export async function registerEmployee(
  page: Page,
  name: { firstName: string; lastName: string; emailPrefix: string },
): Promise<Account> {
  const email = `${name.emailPrefix}.${String(Date.now())}@example.com`;
  const password = 'Sicheres-Passwort-9';
  const register = await page.request.post(`/v1/auth/register/${DEMO_REGISTER_CODE}`, {
    // Each person registers from a client of their own (a documentation address, RFC 5737), as people
    // do: the journeys together register more people than one client may (playwright.config.ts).
    headers: { 'x-forwarded-for': `198.51.100.${1 + (registrations++ % 254)}` },
    data: { firstName: name.firstName, lastName: name.lastName, email, password, confirmPassword: password },
  });
  expect(register.ok()).toBe(true);
  const link = await mailLink(page.request, email, /Bitte bestätigen Sie Ihre E-Mail-Adresse/);
  const code = new URL(link, 'http://app').pathname.split('/').pop() ?? '';
  expect((await page.request.post(`/v1/confirm/email/code/${code}`)).ok()).toBe(true);
  return { email, password };
}

/** Saves the address and salary profile through the API: the contract's factories with `overrides`. */
export async function saveProfile(
  page: Page,
  account: Account,
  overrides: { address?: Record<string, unknown>; salaryInfo?: Record<string, unknown> } = {},
): Promise<void> {
  const login = await page.request.post('/v1/auth/login', {
    data: { username: account.email, password: account.password },
  });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const saved = await page.request.put('/v1/user/info', {
    headers: { authorization: `Bearer ${accessToken}` },
    data: { addressDto: buildAddress(overrides.address), salaryInfo: buildSalaryInfo(overrides.salaryInfo) },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
}
