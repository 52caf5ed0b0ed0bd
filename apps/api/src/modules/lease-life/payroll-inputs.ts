import { absenceTypeOf, SalaryInfoSchema, type PayrollRow } from '@leasing/contract';
import type { CommuteVersion, LeaseAbsence, PayrollLine } from '@leasing/payroll';

import type { Database } from '../../db/client.js';
import { runAsSystem } from '../../db/scope.js';
import type { LeaseLifeDeps } from './deps.js';
import { policyInForce } from '../policy/index.js';
import { readSalaryProfileHistories, readSalaryProfileHistory } from '../profile/index.js';
import * as repo from './repository.js';
import { berlinToday, payerFor } from './rules.js';

/**
 * What the payroll export (employer/payroll.ts) needs from life during a lease: the absences of the
 * employer's people with the payer the policy in force gives each lease, and the commute history of
 * a salary profile.
 */
export async function absenceInputs(
  db: Database,
  tenantId: string,
): Promise<(userId: string, rateInsuranceIncluded: boolean) => LeaseAbsence[]> {
  const rows = await repo.absencesOfTenant(db, tenantId);
  const { policy } = await policyInForce(db, tenantId);
  return (userId, rateInsuranceIncluded) =>
    rows
      .filter((row) => row.userId === userId)
      .map((row) => ({
        id: row.id,
        type: row.type,
        from: row.fromDate,
        to: row.toDate,
        payer: payerFor(policy, row.type, rateInsuranceIncluded),
      }));
}

/**
 * The commute of every saved version of the person's salary profile, oldest first, each in force
 * from the German day it was saved. Profiles are the person's and the platform's alone: read in the
 * system's scope for the employer's own payroll (the route checked the admin).
 */
export async function commuteHistoryOf(
  deps: LeaseLifeDeps,
  userId: string,
  tenantId: string,
): Promise<CommuteVersion[]> {
  const versions = await runAsSystem(() => readSalaryProfileHistory(deps.db, deps.cipher, { userId, tenantId })).catch(
    () => [],
  );
  return commuteVersionsOf(versions);
}

/** `commuteHistoryOf` for many people in one read (the payroll export's batches); keyed by user id. */
export async function commuteHistoriesOf(
  deps: Pick<LeaseLifeDeps, 'db' | 'cipher'>,
  userIds: readonly string[],
  tenantId: string,
): Promise<Map<string, CommuteVersion[]>> {
  const owners = userIds.map((userId) => ({ userId, tenantId }));
  const histories = await runAsSystem(() => readSalaryProfileHistories(deps.db, deps.cipher, owners)).catch(
    () => new Map<string, { salaryInfo: unknown; savedAt: Date }[]>(),
  );
  return new Map([...histories].map(([userId, versions]) => [userId, commuteVersionsOf(versions)]));
}

function commuteVersionsOf(versions: readonly { salaryInfo: unknown; savedAt: Date }[]): CommuteVersion[] {
  return versions.flatMap((v) => {
    const parsed = SalaryInfoSchema.safeParse(v.salaryInfo);
    if (!parsed.success) return [];
    return [
      {
        from: berlinToday(v.savedAt),
        distanceKm: Math.floor(parsed.data.arrivalKilometers ?? 0),
        commutingDays: parsed.data.arrivalNumber ?? 0,
        singleAssessment: parsed.data.commuteSingleAssessment === true,
      },
    ];
  });
}

const eur = (cents: number) => cents / 100;

/** The row's absence columns. */
export function pauseOfLine(
  line: PayrollLine,
): Pick<PayrollRow, 'status' | 'pause' | 'employeePaysEur' | 'employerPaysEur' | 'rateInsurancePaysEur'> {
  const pause = line.pause;
  return {
    status: line.status,
    pause: pause
      ? {
          absenceId: pause.absence.id,
          type: absenceTypeOf(pause.absence.type),
          from: pause.absence.from,
          to: pause.absence.to,
          payer: pause.absence.payer,
          pausedDays: pause.pausedDays,
          daysInMonth: pause.daysInMonth,
        }
      : null,
    employeePaysEur: eur(pause?.employeePays ?? 0),
    employerPaysEur: eur(pause?.employerPays ?? 0),
    rateInsurancePaysEur: eur(pause?.rateInsurancePays ?? 0),
  };
}
