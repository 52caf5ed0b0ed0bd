import {
  BulkInviteRowSchema,
  TenantEmployeesQuerySchema,
  type BulkInviteResult,
  type TenantEmployee,
  type TenantEmployeesPage,
  type TenantEmployeesQuery,
  carName,
  ENDED_WITHOUT_LEASE_STEPS,
} from '@leasing/contract';

import { runAsSystem } from '../../db/scope.js';
import { berlinToday } from '../../lib/berlin-day.js';
import { createInvite } from '../account/index.js';
import type { Admin, Ctx, EmployerDeps } from './deps.js';
import type { CsvInviteRow } from './invite-csv.js';
import * as repo from './repository.js';

/** Orders that are over without a lease. */
export const CLOSED: ReadonlySet<string> = new Set(ENDED_WITHOUT_LEASE_STEPS);

/** `GET /v1/tenant/employees`: the employer's people, searched, filtered and paged in the database, with orders and leases. */
export async function listEmployees(
  deps: EmployerDeps,
  admin: Admin,
  input: TenantEmployeesQuery = {},
  onlyUserId?: string,
): Promise<TenantEmployeesPage> {
  const query = TenantEmployeesQuerySchema.parse(input);
  const { rows: people, total } = await repo.employeePage(deps.db, admin.tenantId, query, onlyUserId);
  const orders = await repo.ordersOfPeople(
    deps.db,
    admin.tenantId,
    people.map((p) => p.id),
  );
  const byPerson = new Map<string, typeof orders>();
  for (const order of orders) byPerson.set(order.userId, [...(byPerson.get(order.userId) ?? []), order]);
  // A lease handed over today is running from the German day on, not the UTC one.
  const today = berlinToday(deps.clock.now());
  const items = people.map((p): TenantEmployee => {
    const own = byPerson.get(p.id) ?? [];
    return {
      id: p.id,
      firstName: p.firstName,
      lastName: p.lastName,
      email: p.email,
      employeeId: p.employeeId,
      // Invited: no password yet. Leaving: a leaving date is recorded (past or future).
      status: p.leavingDate ? 'LEAVING' : p.passwordHash && p.emailConfirmedAt ? 'ACTIVE' : 'INVITED',
      leavingDate: p.leavingDate,
      orders: own
        .filter((o) => !CLOSED.has(o.status))
        .map((o) => ({
          orderId: o.id,
          status: o.status,
          vehicle: carName(o.vehicle),
          handoverDate: o.handoverDate,
        })),
      activeLeases: own.filter(
        (o) => o.status === 'LEASING_ACTIVE' && o.handoverDate !== null && o.handoverDate <= today,
      ).length,
    };
  });
  return { items, total, page: query.page, pageSize: query.pageSize };
}

/** One person of the list as the list shows them (undefined: not one of the employer's people). */
export async function employeeEntry(
  deps: EmployerDeps,
  admin: Admin,
  userId: string,
): Promise<TenantEmployee | undefined> {
  return (await listEmployees(deps, admin, {}, userId)).items[0];
}

/** The answer for an address another employer (or the platform) holds: the same for every reason. */
export const NOT_INVITABLE = 'Diese E-Mail-Adresse kann nicht eingeladen werden.';

/**
 * `POST /v1/tenant/invites`: every valid row is invited like a single invite; invalid rows are
 * reported with their number and reason; an address listed twice, or one the employer already has
 * (an account or an open invite of its own), is skipped. An address held elsewhere (another
 * employer's account or open invite, an admin) is not invited by the single invite either; here it
 * is a refused row with one neutral reason that names no employer.
 */
export async function bulkInvite(
  deps: EmployerDeps,
  admin: Admin,
  rows: { row: number; values: unknown }[],
  ctx: Ctx,
): Promise<BulkInviteResult> {
  const result: BulkInviteResult = { created: 0, skipped: 0, errors: [] };
  const valid: { row: number; invite: ReturnType<typeof BulkInviteRowSchema.parse> }[] = [];
  const seen = new Set<string>();
  for (const { row, values } of rows) {
    const parsed = BulkInviteRowSchema.safeParse(values);
    if (!parsed.success) {
      result.errors.push({ row, message: rowMessage(parsed.error.issues, values) });
      continue;
    }
    const email = parsed.data.email.toLowerCase();
    if (seen.has(email)) {
      result.skipped++;
      continue;
    }
    seen.add(email);
    valid.push({ row, invite: { ...parsed.data, email } });
  }
  // Accounts of other employers are invisible to the admin (row-level security); which addresses the
  // employer already has is asked as the platform, after the role check, and only those are named.
  const existing = await runAsSystem(() =>
    repo.existingAddresses(
      deps.db,
      valid.map((v) => v.invite.email),
    ),
  );
  const own = new Set(existing.filter((e) => e.tenantId === admin.tenantId).map((e) => e.email));
  for (const { row, invite } of valid) {
    if (own.has(invite.email)) {
      result.skipped++;
      continue;
    }
    // Whether the address can be invited is the single invite's decision, so both agree.
    if (await createInvite(deps.account, admin, invite, ctx)) result.created++;
    else result.errors.push({ row, message: NOT_INVITABLE });
  }
  result.errors.sort((a, b) => a.row - b.row);
  return result;
}

const FIELD_NAMES: Record<string, string> = {
  firstName: 'Vorname',
  lastName: 'Nachname',
  email: 'E-Mail',
  employeeId: 'Personalnummer',
};

function rowMessage(issues: { path: PropertyKey[]; message: string }[], values: unknown): string {
  const given = (key: string) => {
    const value = values && typeof values === 'object' ? (values as Record<string, unknown>)[key] : undefined;
    return typeof value === 'string' ? value.trim() !== '' : value !== undefined && value !== null;
  };
  return issues
    .map((i) => {
      const key = String(i.path[0] ?? '');
      const field = FIELD_NAMES[key] ?? 'Zeile';
      const reason = !given(key) ? 'fehlt' : i.message.startsWith('max') ? 'zu lang' : 'ungültig';
      return `${field} ${reason}`;
    })
    .join(', ');
}

/** Rows of a CSV upload in the shape of the JSON list. */
export function csvRows(rows: CsvInviteRow[]): { row: number; values: unknown }[] {
  return rows.map((r) => ({
    row: r.line,
    values: {
      firstName: r.values['firstName'] ?? '',
      lastName: r.values['lastName'] ?? '',
      email: r.values['email'] ?? '',
      ...(r.values['employeeId'] ? { employeeId: r.values['employeeId'] } : {}),
    },
  }));
}
