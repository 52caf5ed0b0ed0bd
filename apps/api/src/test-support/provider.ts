import type { FastifyInstance } from 'fastify';

import { DEMO_ACCOUNTS } from '../modules/demo/accounts.js';
import { bearer, loginAs } from './harness.js';
import { latestCode } from './mailbox.js';

/** Helpers of the provider module's tests. */
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Called<T> {
  status: number;
  body: T;
  headers: Record<string, unknown>;
  text: string;
}

export function caller(app: FastifyInstance) {
  return async function call<T = unknown>(
    method: Method,
    url: string,
    token?: string,
    payload?: object | string | Buffer,
    headers: Record<string, string> = {},
  ): Promise<Called<T>> {
    const response = await app.inject({
      method,
      url,
      headers: { ...(token ? bearer(token) : {}), ...headers },
      ...(payload !== undefined ? { payload } : {}),
    });
    const json = response.headers['content-type']?.toString().includes('json');
    return {
      status: response.statusCode,
      body: (json && response.body ? response.json() : null) as T,
      headers: response.headers,
      text: response.body,
    };
  };
}

export async function tokensOfDemoRoles(app: FastifyInstance) {
  return {
    employee: (await loginAs(app, DEMO_ACCOUNTS.employee)).accessToken,
    tenantAdmin: (await loginAs(app, DEMO_ACCOUNTS.tenantAdmin)).accessToken,
    provider: (await loginAs(app, DEMO_ACCOUNTS.providerAdmin)).accessToken,
  };
}

export const beispielAg = (suffix = '') => ({
  name: `Beispiel AG${suffix}`,
  street: 'Hauptstraße',
  streetNumber: '5',
  postcode: '10115',
  place: 'Berlin',
  contactEmail: `kontakt${suffix.replace(/\W/g, '')}@beispiel.example`,
  admin: {
    firstName: 'Hanna',
    lastName: 'Reuter',
    email: `hanna.reuter${suffix.replace(/\W/g, '')}@beispiel.example`,
  },
});

export const newEmployee = (email: string) => ({
  title: 'ms',
  firstName: 'Erika',
  lastName: 'Beispiel',
  email,
  employeeId: 'B-1',
  password: 'Ein-gutes-Passwort-9',
  confirmPassword: 'Ein-gutes-Passwort-9',
});

/** Registers with a code and confirms the address; returns the register answer's status. */
export async function registerAndConfirm(
  app: FastifyInstance,
  code: string,
  email: string,
  ip: string,
): Promise<number> {
  const response = await app.inject({
    method: 'POST',
    url: `/v1/auth/register/${code}`,
    payload: newEmployee(email),
    remoteAddress: ip,
  });
  if (response.statusCode !== 202) return response.statusCode;
  const confirm = await latestCode(app, email, '/user/emailConfirm/');
  await app.inject({ method: 'POST', url: `/v1/confirm/email/code/${confirm}`, remoteAddress: ip });
  return response.statusCode;
}
