import type { ScimTokenCreated } from '@leasing/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

import { bearer } from './harness.js';

/** A directory's request to `/scim/v2` as Entra ID sends it: JSON as `application/scim+json`, the token as bearer. */
export async function scimRequest(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  token: string | null,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Record<string, unknown>; raw: LightMyRequestResponse }> {
  const response = await app.inject({
    method,
    url: `/scim/v2${path}`,
    headers: {
      ...(token ? bearer(token) : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/scim+json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { payload: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const json = response.body !== '' && String(response.headers['content-type'] ?? '').includes('json');
  return { status: response.statusCode, body: json ? response.json<Record<string, unknown>>() : {}, raw: response };
}

/** HR makes a SCIM token in its portal (`POST /v1/tenant/scim-tokens`). */
export async function createScimToken(
  app: FastifyInstance,
  hrToken: string,
  name = 'Entra ID',
): Promise<ScimTokenCreated> {
  const response = await app.inject({
    method: 'POST',
    url: '/v1/tenant/scim-tokens',
    headers: bearer(hrToken),
    payload: { name },
  });
  if (response.statusCode !== 201) throw new Error(`scim token not made: ${response.statusCode} ${response.body}`);
  return response.json<ScimTokenCreated>();
}

/** `GET /Users?filter=…` with the filter written as a directory writes it, URL-encoded. */
export const filterPath = (filter: string, extra = '') => `/Users?filter=${encodeURIComponent(filter)}${extra}`;

/**
 * Entra ID's documented create request ("Develop and plan provisioning for a SCIM endpoint", Create
 * User), the user name an e-mail address as ours must be (Entra maps the UPN, an address, to it).
 */
export function entraCreateUser(
  userName: string,
  externalId: string,
  name = { givenName: 'givenName', familyName: 'familyName' },
) {
  return {
    schemas: [
      'urn:ietf:params:scim:schemas:core:2.0:User',
      'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User',
    ],
    externalId,
    userName,
    active: true,
    emails: [{ primary: true, type: 'work', value: userName }],
    meta: { resourceType: 'User' },
    name: { formatted: `${name.givenName} ${name.familyName}`, familyName: name.familyName, givenName: name.givenName },
    roles: [],
  };
}

/** Entra ID's documented disable request without the compliance flag: `"Replace"` and the string `"False"`. */
export const ENTRA_DISABLE_USER = {
  schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
  Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
};
