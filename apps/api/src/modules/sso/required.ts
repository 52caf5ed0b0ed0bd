import { eq } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { tenantSso } from '../../db/schema-sso.js';
import { runAsSystem } from '../../db/scope.js';
import type { CompanySignInRequired } from '../auth/index.js';
import { employerEnabled } from './config.js';

/**
 * Whether the employer's people sign in with the company account only: SSO switched on with
 * `requireSso`, at an employer that is not deactivated (its sign-in would refuse, and its people keep
 * their leases and must still reach them). Asked in any scope (SCIM's welcome mail, the password step):
 * a fact about the employer, read as the platform.
 */
export async function ssoRequired(db: Database, tenantId: string): Promise<boolean> {
  return runAsSystem(async () => {
    const [row] = await db
      .select({ enabled: tenantSso.enabled, requireSso: tenantSso.requireSso })
      .from(tenantSso)
      .where(eq(tenantSso.tenantId, tenantId));
    if (!row?.enabled || !row.requireSso) return false;
    return employerEnabled(db, tenantId);
  });
}

/**
 * The password step's question (auth's `companySignInRequired`, wired in app.ts): employees of such an
 * employer are refused. HR admins are not: they must never lock themselves out by a broken identity
 * provider or a wrong configuration, and they keep the platform's own second factor.
 */
export function companySignInRequired(db: Database): CompanySignInRequired {
  return async (user) => user.role === 'EMPLOYEE' && user.tenantId !== null && ssoRequired(db, user.tenantId);
}
