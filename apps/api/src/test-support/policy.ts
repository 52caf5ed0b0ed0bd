import { DEFAULT_TENANT_POLICY, type TenantPolicy, type TenantPolicyResponse } from '@leasing/contract';
import type { FastifyInstance } from 'fastify';

import { bearer } from './harness.js';

/** Saves a new version of the employer's policy as its tenant admin: the defaults with `changes`. */
export async function saveTenantPolicy(
  app: FastifyInstance,
  adminToken: string,
  changes: Partial<TenantPolicy> = {},
): Promise<TenantPolicyResponse> {
  const answer = await app.inject({
    method: 'PUT',
    url: '/v1/tenant/policy',
    headers: bearer(adminToken),
    payload: { ...DEFAULT_TENANT_POLICY, ...changes },
  });
  if (answer.statusCode !== 200) throw new Error(`policy not saved: ${answer.body}`);
  return answer.json<TenantPolicyResponse>();
}
