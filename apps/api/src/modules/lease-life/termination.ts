import type { Absence, TerminationOption, TerminationQuote, TerminationQuoteQuery } from '@leasing/contract';
import { eq } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { employmentEnds } from '../../db/schema-employer.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { mailFormat } from '../mail/index.js';
import { findOrder } from '../orders/index.js';
import type { OrderTerms } from '../orders/index.js';
import { absenceViews } from './absences.js';
import { TERMINATION_FEE_RULE, terminationFigures, type TerminationReason } from '../contract/index.js';
import * as repo from './repository.js';

type OrderRow = NonNullable<Awaited<ReturnType<typeof findOrder>>>;

const germanDate = mailFormat('de').date;
const eur = (cents: number) => cents / 100;
const formatEur = (cents: number) =>
  new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(cents / 100);

const validDate = (date: string) =>
  !Number.isNaN(Date.parse(`${date}T00:00:00Z`)) && new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10) === date;

/** Who asks: the employer's admin (any order of the employer) or a signed-in person (own orders only). */
export type Asker = { kind: 'TENANT_ADMIN'; tenantId: string } | { kind: 'EMPLOYEE'; userId: string };

async function visibleOrder(db: Database, asker: Asker, orderId: number): Promise<OrderRow> {
  const order = await findOrder(db, orderId);
  const visible =
    order !== undefined &&
    (asker.kind === 'TENANT_ADMIN' ? order.tenantId === asker.tenantId : order.userId === asker.userId);
  if (!order || !visible) throw notFound('Bestellung nicht gefunden');
  return order;
}

/** The quote for ending a running lease on `date` (contract/termination-quote.ts has the rule; the contract prints it). */
export async function terminationQuote(
  db: Database,
  asker: Asker,
  orderId: number,
  query: TerminationQuoteQuery,
): Promise<TerminationQuote> {
  const order = await visibleOrder(db, asker, orderId);
  if (order.status !== 'LEASING_ACTIVE' || !order.handoverDate) {
    throw conflict(
      'Für diese Bestellung läuft kein Leasingvertrag; ein Angebot zur Beendigung gibt es erst nach der Übergabe.',
    );
  }
  const date = query.date ?? '';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !validDate(date)) {
    throw new AppError('VALIDATION_FAILED', 'Bitte ein gültiges Datum angeben.', {
      errors: [{ field: 'date', message: 'date' }],
    });
  }
  if (date < order.handoverDate) {
    const message = `Das Datum darf nicht vor der Übergabe am ${germanDate(order.handoverDate)} liegen.`;
    throw new AppError('VALIDATION_FAILED', message, { errors: [{ field: 'date', message }] });
  }
  const [leaving] = await db
    .select({ date: employmentEnds.leavingDate })
    .from(employmentEnds)
    .where(eq(employmentEnds.userId, order.userId))
    .limit(1);
  const reason: TerminationReason = query.reason ?? (leaving ? 'LEAVING' : 'EARLY_RETURN');
  const terms = order.terms as OrderTerms;
  const rate = terms.totalMonthlyGrossCostCents;
  const privateRate = terms.grossComparisonCostCents;
  const figures = terminationFigures({
    handoverDate: order.handoverDate,
    durationMonths: terms.leasePackage.durationMonths,
    monthlyGrossRateCents: rate,
    privateRateCents: privateRate,
    rateInsuranceIncluded: terms.leasePackage.rateInsuranceIncluded,
    date,
    reason,
  });
  const until = germanDate(figures.termEnd);
  const options: TerminationOption[] = [
    {
      kind: 'RETURN',
      oneOffEur: eur(figures.feeCents),
      monthlyEur: null,
      description:
        figures.feeCents === 0 && reason === 'DEATH'
          ? 'Rückgabe des Fahrzeugs; die Ratenschutzversicherung des Pakets deckt den Todesfall, für die Erben entstehen keine Kosten.'
          : `Rückgabe des Fahrzeugs gegen eine Ausgleichszahlung von ${formatEur(figures.feeCents)}.`,
    },
    {
      kind: 'TAKEOVER',
      oneOffEur: 0,
      monthlyEur: eur(privateRate),
      description: `Übernahme als Privatleasing zur Privatrate von ${formatEur(privateRate)} im Monat bis zum Vertragsende am ${until}.`,
    },
  ];
  if (reason === 'LEAVING') {
    options.push({
      kind: 'TRANSFER',
      oneOffEur: 0,
      monthlyEur: eur(rate),
      description: `Wechsel zu einem neuen Arbeitgeber auf der Plattform: die Gehaltsumwandlung läuft dort mit ${formatEur(rate)} brutto im Monat weiter, ohne Ausgleichszahlung (der neue Arbeitgeber muss zustimmen).`,
    });
  }
  return {
    date,
    reason,
    remainingMonths: figures.remainingMonths,
    remainingRatesEur: eur(figures.remainingRatesCents),
    feeEur: eur(figures.feeCents),
    rule: TERMINATION_FEE_RULE,
    options,
  };
}

/** `GET /v1/order/{orderId}/absences`: the employee's own absences at the order's employer. */
export async function absencesOfOwnOrder(db: Database, userId: string, orderId: number): Promise<Absence[]> {
  const order = await visibleOrder(db, { kind: 'EMPLOYEE', userId }, orderId);
  if (!order.tenantId) return [];
  return absenceViews(db, order.tenantId, userId, await repo.absencesOf(db, order.tenantId, userId));
}
