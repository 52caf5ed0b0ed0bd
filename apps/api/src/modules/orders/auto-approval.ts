import { eq } from 'drizzle-orm';

import { orderPolicies } from '../../db/schema-employer.js';
import { runAsSystem } from '../../db/scope.js';
import { affordabilityRefusal, policyVersion, vehicleRefusal } from '../policy/index.js';
import type { OrderDeps } from './deps.js';
import { notifyTransition } from './notify.js';
import * as repo from './repository.js';
import { openPrivate, type OrderTerms } from './snapshot.js';

// ---------------------------------------------------------------------------------------------
// Automatic approval by the employer's programme policy

/** Who countersigns when the programme approves by itself (the contract's employer signature block). */
export const AUTOMATIC_APPROVER = 'Automatische Freigabe gemäß Programmrichtlinie';

export type AutomaticDecision =
  { approve: true; policyVersion: number } | { approve: false; policyVersion: number | null; reason: string };

/**
 * Whether the programme approves this order by itself: the policy frozen with the order (not the one
 * in force today) says AUTOMATIC, and every rule of it holds for the order's frozen terms: brand,
 * list price, gross rate, and the gross pay left after the conversion. Creation checked the same rules
 * under the same version; checking again here means the automatic path can never approve what the
 * rules do not allow (an order without its frozen policy, an unreadable policy, erased salary data).
 */
export async function automaticApprovalDecision(deps: OrderDeps, order: repo.OrderRow): Promise<AutomaticDecision> {
  const no = (reason: string, version: number | null = null): AutomaticDecision => ({
    approve: false,
    policyVersion: version,
    reason,
  });
  const [frozen] = await deps.db.select().from(orderPolicies).where(eq(orderPolicies.orderId, order.id)).limit(1);
  if (!frozen) return no('Zur Bestellung ist keine Programmrichtlinie gespeichert.');
  const version = frozen.policyVersion ?? 0;
  const policy = await policyVersion(deps.db, frozen.tenantId, version);
  if (!policy) return no('Die Programmrichtlinie der Bestellung ist nicht lesbar.', version);
  if (policy.approval !== 'AUTOMATIC') return no('Die Programmrichtlinie verlangt eine manuelle Freigabe.', version);
  const terms = order.terms as OrderTerms;
  const vehicle = vehicleRefusal(
    policy,
    { brand: terms.vehicle.brand, listPriceGrossCents: terms.vehicle.listPriceGrossCents },
    terms.totalMonthlyGrossCostCents,
  );
  if (vehicle) return no(vehicle, version);
  const personal = openPrivate(deps.cipher, order);
  if (!personal.taxResult) return no('Die Gehaltsdaten der Bestellung liegen nicht mehr vor.', version);
  const affordability = affordabilityRefusal(
    policy,
    Math.round(personal.taxResult.before.brutto * 100),
    personal.conversion.monthlyConversionCents,
  );
  if (affordability) return no(affordability, version);
  return { approve: true, policyVersion: version };
}

/**
 * The programme's approval of the employer step, exactly as a tenant admin's click does it: the same
 * approval (flows/approve-order.ts: the countersigned contract, the conditional transition on the
 * current status record, so a parallel manual click and this cannot both win, the employee's mail
 * and the provider's). The audit line has no actor (the platform) and names the policy version it
 * acted on. Returns whether it approved.
 */
export async function approveAutomatically(deps: OrderDeps, orderId: number): Promise<boolean> {
  const order = await repo.findOrder(deps.db, orderId);
  if (order?.status !== 'TENANT_ADMIN_CLICK_CONFIRM' || !order.currentUserStepId) return false;
  const decision = await automaticApprovalDecision(deps, order);
  if (!decision.approve) return false;
  return deps.flows.approve(order, {
    expectedUserStepId: order.currentUserStepId,
    actorUserId: null,
    approverName: `${AUTOMATIC_APPROVER} (Version ${decision.policyVersion})`,
    at: deps.clock.now(),
    audit: {
      action: 'order.step.accept.automatic',
      fields: ['TENANT_ADMIN_CLICK_CONFIRM', `tenant_policy:${order.tenantId}:${decision.policyVersion}`],
    },
  });
}

/**
 * Called once by whoever won the transition into the employer step (the signature's completion).
 * Runs as the platform: the employee's own request (their scope under row-level security) may have
 * completed the signature, but the approval is the programme's act, reads the employer's policy and
 * mails the provider. When it fails after the signature was announced as automatic, the employer's
 * admins get the usual "approval needed" mail and decide by hand.
 */
export async function approveAfterSignature(deps: OrderDeps, orderId: number): Promise<boolean> {
  return runAsSystem(async () => {
    try {
      return await approveAutomatically(deps, orderId);
    } catch {
      const order = await repo.findOrder(deps.db, orderId);
      if (order?.status === 'TENANT_ADMIN_CLICK_CONFIRM') {
        const now = deps.clock.now();
        await deps.db.transaction((tx) =>
          notifyTransition(tx, deps, order, 'NECT_SIGN', 'TENANT_ADMIN_CLICK_CONFIRM', null, now, {
            automaticApproval: 'FAILED',
          }),
        );
        deps.mailSent();
      }
      return false;
    }
  });
}

/**
 * Whether the order about to be signed will be approved by the programme (for the signature's mails).
 * A failure here never holds up the signature: the order then waits for the manual decision.
 */
export function plansAutomaticApproval(deps: OrderDeps, order: repo.OrderRow): Promise<boolean> {
  return runAsSystem(async () => {
    try {
      return (await automaticApprovalDecision(deps, order)).approve;
    } catch {
      return false;
    }
  });
}
