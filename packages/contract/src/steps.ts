import type { StepType } from './orders.js';
import type { OrderOutcome } from './trends.js';

/**
 * Every step of the order workflow (spec 3 and 4.5), declared once: who acts on it, where a positive
 * action and a decline lead, what kind of end it is. The server's step definitions and state machine
 * (apps/api/src/modules/orders/steps.ts), the database's check of step types, the lists' "over" and
 * "closed" sets, the dashboard's outcomes and the retention periods all read this. A new step is one
 * entry here (the type checker refuses a `StepTypes` entry without one), its texts and its screen.
 */
export type StepActor = 'EMPLOYEE' | 'TENANT_ADMIN' | 'PROVIDER_ADMIN' | 'SYSTEM';

/** Where an order in this step ended up, as the provider's dashboard counts it (ADR 0063). */
export type StepOutcome = OrderOutcome;

export interface StepDeclaration {
  /** Stable: status records refer to it. */
  readonly id: number;
  /** The step's German name (the API's `stepName`). */
  readonly name: string;
  /** Its place in the list of steps; the id's by default. */
  readonly orderNumber?: number;
  /** Who may act on it; SYSTEM: no one by a click (the platform records it). */
  readonly actor: StepActor;
  /** Where a positive action leads; `'self'`: it completes the step itself (the handover). */
  readonly next?: StepType | 'self';
  /** Where a decline leads. */
  readonly declineTo?: StepType;
  /** Before the signature: the order can still change, expire or break. */
  readonly unsigned?: boolean;
  /** The employee may cancel from here within the week to cancel (ADR 0053). */
  readonly cancellable?: boolean;
  /** A step no action leaves. */
  readonly final?: boolean;
  /** A final step that counts as a lease. */
  readonly success?: boolean;
  /** LEASING_ACTIVE is OPEN until the handover, then LEASE. */
  readonly outcome: StepOutcome;
  /** Nothing more happens to the order (a running lease, also one whose conversion ended, is not over). */
  readonly over?: boolean;
  /** Which retention period of privacy's deletes an order that ended here; none: kept with the lease's records. */
  readonly retention?: 'abandonedOrders' | 'declinedOrders';
}

export const STEP_DECLARATIONS = {
  CONFIRM_SUMMARY: {
    id: 1,
    name: 'Zusammenfassung bestätigen',
    actor: 'EMPLOYEE',
    next: 'PREVIEW_CONTRACT',
    unsigned: true,
    outcome: 'OPEN',
  },
  PREVIEW_CONTRACT: {
    id: 2,
    name: 'Überlassungsvertrag prüfen',
    actor: 'EMPLOYEE',
    next: 'NECT_DRIVERS_LICENCE',
    unsigned: true,
    outcome: 'OPEN',
  },
  NECT_DRIVERS_LICENCE: {
    id: 3,
    name: 'Führerscheinprüfung',
    actor: 'EMPLOYEE',
    next: 'NECT_SIGN',
    unsigned: true,
    outcome: 'OPEN',
  },
  NECT_SIGN: {
    id: 4,
    name: 'Identifikation und qualifizierte elektronische Signatur',
    actor: 'EMPLOYEE',
    next: 'TENANT_ADMIN_CLICK_CONFIRM',
    unsigned: true,
    outcome: 'OPEN',
  },
  TENANT_ADMIN_CLICK_CONFIRM: {
    id: 5,
    name: 'Freigabe durch den Arbeitgeber',
    actor: 'TENANT_ADMIN',
    next: 'ADMIN_CONFIRM',
    declineTo: 'DECLINED_BY_TENANT',
    cancellable: true,
    outcome: 'OPEN',
  },
  ADMIN_CONFIRM: {
    id: 6,
    name: 'Fahrzeug beim Hersteller bestellt',
    actor: 'PROVIDER_ADMIN',
    next: 'LEASING_ACTIVE',
    declineTo: 'DECLINED_BY_ADMIN',
    cancellable: true,
    outcome: 'OPEN',
  },
  LEASING_ACTIVE: {
    id: 7,
    name: 'Übergabe – Leasing aktiv',
    actor: 'PROVIDER_ADMIN',
    next: 'self',
    final: true,
    success: true,
    outcome: 'LEASE',
  },
  DECLINED_BY_TENANT: {
    id: 8,
    name: 'Vom Arbeitgeber abgelehnt',
    actor: 'SYSTEM',
    final: true,
    outcome: 'DECLINED',
    over: true,
    retention: 'declinedOrders',
  },
  DECLINED_BY_ADMIN: {
    id: 9,
    name: 'Vom Anbieter abgelehnt',
    actor: 'SYSTEM',
    final: true,
    outcome: 'DECLINED',
    over: true,
    retention: 'declinedOrders',
  },
  EXPIRED: {
    id: 10,
    name: 'Abgelaufen',
    actor: 'SYSTEM',
    final: true,
    outcome: 'CANCELLED',
    over: true,
    retention: 'abandonedOrders',
  },
  BREAKING_CHANGE: {
    id: 11,
    name: 'Abgebrochen: Daten haben sich geändert',
    actor: 'SYSTEM',
    final: true,
    outcome: 'CANCELLED',
    over: true,
    retention: 'abandonedOrders',
  },
  // The closing step: recorded by the car's return (modules/lease-end), never by a step action.
  LEASE_ENDED: {
    id: 12,
    name: 'Leasing beendet',
    orderNumber: 13,
    actor: 'SYSTEM',
    final: true,
    success: true,
    outcome: 'LEASE',
    over: true,
  },
  // After "Leasing aktiv" when a follow-up car was handed over before this one came back: the salary
  // conversion ended the day before that handover (modules/lease-end, ADR 0040). Shown before the closing step.
  CONVERSION_ENDED: {
    id: 13,
    name: 'Gehaltsumwandlung beendet – Rückgabe offen',
    orderNumber: 12,
    actor: 'SYSTEM',
    final: true,
    success: true,
    outcome: 'LEASE',
  },
  // The employee's cancellation within the week to cancel after the signature (ADR 0053).
  CANCELLED_BY_EMPLOYEE: {
    id: 14,
    name: 'Vom Arbeitnehmer storniert',
    actor: 'SYSTEM',
    final: true,
    outcome: 'CANCELLED',
    over: true,
    retention: 'declinedOrders',
  },
} as const satisfies Record<StepType, StepDeclaration>;

const entries = Object.entries(STEP_DECLARATIONS) as [StepType, StepDeclaration][];
const typesWhere = (keep: (step: StepDeclaration) => boolean): StepType[] =>
  entries.filter(([, step]) => keep(step)).map(([type]) => type);

/** Steps before the signature: while one of them is current, the order can change or be deleted. */
export const UNSIGNED_STEPS: readonly StepType[] = typesWhere((step) => step.unsigned === true);
/** The steps from which the employee may cancel within the week to cancel. */
export const CANCELLABLE_STEPS: readonly StepType[] = typesWhere((step) => step.cancellable === true);
/** Orders in these steps are over: they do not count as open or running (the employers' list, the lists' counts). */
export const OVER_STEPS: readonly StepType[] = typesWhere((step) => step.over === true);
/** Orders that are over without a lease. */
export const ENDED_WITHOUT_LEASE_STEPS: readonly StepType[] = typesWhere(
  (step) => step.outcome === 'DECLINED' || step.outcome === 'CANCELLED',
);
/** The steps whose orders a retention period deletes. */
export const stepsRetainedFor = (period: 'abandonedOrders' | 'declinedOrders'): StepType[] =>
  typesWhere((step) => step.retention === period);

/** Where an order of this status ended up; a lease counts from its handover. */
export function stepOutcome(status: StepType, handedOver: boolean): StepOutcome {
  if (status === 'LEASING_ACTIVE' && !handedOver) return 'OPEN';
  return STEP_DECLARATIONS[status].outcome;
}
