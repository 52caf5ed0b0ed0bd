import {
  ADMIN_OPEN_STEPS,
  type AdminOrderSummary,
  type Role,
  type StepActionRequest,
  type StepType,
} from '@leasing/contract';

/**
 * What an admin may do with an order row (spec 6 and the step flags of spec 3): the tenant admin
 * approves or declines at TENANT_ADMIN_CLICK_CONFIRM; the provider admin orders the car or declines at
 * ADMIN_CONFIRM and records the handover at LEASING_ACTIVE. Only while the step's status record is
 * open (`currentUserStepId`); the server checks the same and answers 403/409 otherwise.
 */
export type AdminRole = 'TENANT_ADMIN' | 'PROVIDER_ADMIN';
export type AdminAction = 'approve' | 'decline' | 'ordered' | 'handover';
export type AdminRow = Pick<AdminOrderSummary, 'id' | 'status' | 'currentStepId' | 'currentUserStepId'>;

export function isAdminRole(role: Role | null | undefined): role is AdminRole {
  return role === 'TENANT_ADMIN' || role === 'PROVIDER_ADMIN';
}

export function adminActions(role: Role, row: Omit<AdminRow, 'id'>): AdminAction[] {
  if (!isOpenFor(role, row)) return [];
  if (role === 'TENANT_ADMIN' && row.status === 'TENANT_ADMIN_CLICK_CONFIRM') return ['approve', 'decline'];
  if (role === 'PROVIDER_ADMIN' && row.status === 'ADMIN_CONFIRM') return ['ordered', 'decline'];
  if (role === 'PROVIDER_ADMIN' && row.status === 'LEASING_ACTIVE') return ['handover'];
  return [];
}

/** The "Offen" tab: orders at one of the admin's steps (the server's open view), with the step open. */
export function isOpenFor(role: Role, row: Omit<AdminRow, 'id'>): boolean {
  if (!isAdminRole(role) || row.currentStepId === null || row.currentUserStepId === null) return false;
  return (ADMIN_OPEN_STEPS[role] as readonly StepType[]).includes(row.status);
}

export interface AdminStepRequest {
  stepId: number;
  action: 'accept' | 'decline';
  body: StepActionRequest;
}

/**
 * The step call behind an action: accept for approve/ordered/handover (with the handover date), decline
 * with the reason. Null when the row has no open step.
 */
export function stepRequestFor(
  action: AdminAction,
  row: AdminRow,
  extra: { reason?: string; handoverDate?: string } = {},
): AdminStepRequest | null {
  if (row.currentStepId === null || row.currentUserStepId === null) return null;
  const body: StepActionRequest = { orderId: row.id, userStepId: row.currentUserStepId };
  if (action === 'decline')
    return { stepId: row.currentStepId, action: 'decline', body: { ...body, reason: extra.reason } };
  if (action === 'handover') {
    return { stepId: row.currentStepId, action: 'accept', body: { ...body, handoverDate: extra.handoverDate } };
  }
  return { stepId: row.currentStepId, action: 'accept', body };
}

/** The status text key: a completed handover reads "leasing active", not "handover open". */
export function statusKey(
  row: Pick<AdminOrderSummary, 'status' | 'currentUserStepId'>,
): StepType | 'LEASING_ACTIVE_DONE' {
  return row.status === 'LEASING_ACTIVE' && row.currentUserStepId === null ? 'LEASING_ACTIVE_DONE' : row.status;
}

const berlinDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Berlin',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today in German time as `YYYY-MM-DD`: the default of the handover date. */
export function todayIso(now: Date = new Date()): string {
  return berlinDate.format(now);
}

/** A real calendar date `YYYY-MM-DD`. */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}
