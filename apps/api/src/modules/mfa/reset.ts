import { and, eq, isNull } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { runAsSystem } from '../../db/scope.js';
import type { Clock } from '../../lib/clock.js';
import { forbidden, notFound } from '../../lib/errors.js';
import type { SecurityEvents } from '../../lib/security-events.js';
import { graceAlreadyOver, invalidateOpenCodes, revokeAllForUser } from '../auth/index.js';
import { enqueueMail } from '../mail/index.js';
import * as repo from './repository.js';
import { auditFactor } from './service.js';

export interface MfaResetDeps {
  db: Database;
  clock: Clock;
  events: SecurityEvents;
  mailSent(): void;
}

/**
 * The provider admin resets the second factor of an HR admin who lost it (ADR 0025): the factor, a
 * pending secret, the recovery codes and open enrolment codes go; every session ends; the HR admin
 * gets no grace period, so their next sign-in reaches only the enrolment, which again needs the
 * code mailed to their own address. Audited, and mailed to the HR admin. An id that is not an HR
 * admin of this employer (another employer's, an employee's, a provider admin's) is unknown: 404.
 * The provider admins' own factor is reset by an operator (docs/security.md).
 */
export async function resetTenantAdminFactor(
  deps: MfaResetDeps,
  actor: { id: string; role: string },
  target: { tenantId: string; userId: string },
  requestId: string,
): Promise<void> {
  if (actor.role !== 'PROVIDER_ADMIN') throw forbidden();
  const now = deps.clock.now();
  // The recovery codes and sessions are only their owner's rows: after the checks above, the
  // platform does this for the provider (as the invitation's take-over does for an HR admin).
  const admin = await runAsSystem(() =>
    deps.db.transaction(async (tx) => {
      const [found] = await tx
        .select()
        .from(users)
        .where(
          and(
            eq(users.id, target.userId),
            eq(users.tenantId, target.tenantId),
            eq(users.role, 'TENANT_ADMIN'),
            isNull(users.deletedAt),
          ),
        );
      if (!found) throw notFound('Personalverantwortliche(r) nicht gefunden');
      await repo.disable(tx, found.id);
      await repo.endGracePeriod(tx, found.id, graceAlreadyOver(now));
      await invalidateOpenCodes(tx, found.id, 'MFA_ENROL', now);
      await revokeAllForUser(tx, found.id, now);
      await auditFactor(tx, found, 'mfa.reset', requestId, now, actor.id);
      await enqueueMail(tx, found, { kind: 'MFA_RESET', firstName: found.firstName }, now);
      return found;
    }),
  );
  deps.mailSent();
  deps.events.emit('auth.mfa_disabled', { actor: actor.id, tenant: admin.tenantId });
}
