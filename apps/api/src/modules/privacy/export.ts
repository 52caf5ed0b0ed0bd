import { DATA_EXPORT_FORMAT, type DataExport, type Role, type StepType } from '@leasing/contract';

import { runAsSystem } from '../../db/scope.js';
import { recordAudit } from '../../lib/audit.js';
import { notFound } from '../../lib/errors.js';
import { consume, type LimitRule } from '../../lib/rate-limiter.js';
import { claimsOfPerson } from '../claims/index.js';
import { openPrivate, stepById } from '../orders/index.js';
import { changeView, changesOfPerson } from '../package-change/index.js';
import { readSalaryProfile } from '../profile/index.js';
import { pagesOf, prettyJsonChunks, valueOf, type Section } from './export-json.js';
import * as pages from './export-repository.js';
import * as repo from './repository.js';
import type { Ctx, PrivacyDeps, Subject } from './service.js';

/**
 * Art. 15 and 20: the copy of everything held about the signed-in person, written as it is read
 * (ADR 0041). Reads as the person (row-level security shows them their own rows); the audit log and
 * the outbox are the platform's, so those reads run in its scope, limited to this person by their
 * WHERE. The long sections (documents, audit entries, mails) are read a page at a time.
 */

/**
 * Exports per person: a copy now and then is the right, a stream of them from a stolen session is a
 * way to pull every decrypted record over and over.
 */
export const EXPORT_LIMIT: LimitRule = { limit: 10, windowMs: 60 * 60_000 };

const iso = (date: Date) => date.toISOString();
const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);

type Account = NonNullable<Awaited<ReturnType<typeof repo.findAccount>>>;

/**
 * Checks the limit and the account and records the export before the first byte (an export cut off
 * later still counts as one); the JSON is then read and written section by section. Pretty-printed
 * for people who open the file: the bytes of `JSON.stringify(DataExportSchema.parse(…), null, 2)`.
 */
export async function exportChunks(deps: PrivacyDeps, subject: Subject, ctx: Ctx): Promise<AsyncIterable<string>> {
  await consume(deps.limiter, `export:user:${subject.id}`, EXPORT_LIMIT);
  const found = await repo.findAccount(deps.db, subject.id);
  if (!found) throw notFound();
  const now = deps.clock.now();
  const { user } = found;
  // The audit section lists what happened before this export, not the entry it writes now.
  const auditUpTo = await runAsSystem(() => pages.lastAuditId(deps.db));
  const orderIds = (await repo.ordersOf(deps.db, user.id)).map((o) => o.id);
  const sections = sectionsOf(deps, found, now, { orderIds, auditUpTo });
  await recordAudit(deps.db, {
    actorUserId: user.id,
    tenantId: user.tenantId,
    action: 'privacy.exported',
    subjectType: 'user',
    subjectId: user.id,
    fields: sections.map(([key]) => key).filter((key) => key !== 'format' && key !== 'generatedAt'),
    requestId: ctx.requestId,
    at: now,
  });
  deps.events.emit('privacy.exported', { actor: user.id, tenant: user.tenantId, target: `user:${user.id}` });
  return prettyJsonChunks(sections);
}

/** The sections in the contract's order (`DataExportSchema`), each read when the writer reaches it. */
function sectionsOf(
  deps: PrivacyDeps,
  { user, employer }: Account,
  now: Date,
  { orderIds, auditUpTo }: { orderIds: number[]; auditUpTo: number },
): [keyof DataExport, Section][] {
  const { db } = deps;
  return [
    ['format', valueOf(() => DATA_EXPORT_FORMAT)],
    ['generatedAt', valueOf(() => iso(now))],
    ['account', valueOf(() => accountOf(user, employer))],
    ['address', valueOf(() => addressOf(deps, user.id))],
    ['salaryProfile', valueOf(() => salaryProfileOf(deps, user, now))],
    ['orders', valueOf(() => ordersOf(deps, user.id))],
    ['documents', pagesOf(() => documents(deps, orderIds))],
    ['absences', valueOf(() => absencesOf(deps, user.id))],
    ['odometerReadings', valueOf(() => odometerReadingsOf(deps, user.id))],
    ['packageChanges', valueOf(async () => (await changesOfPerson(deps.db, user.id)).map(changeView))],
    ['additionalDrivers', valueOf(() => additionalDriversOf(deps, user.id))],
    ['claims', valueOf(() => claimsOfPerson(deps.db, user.id))],
    ['audit', pagesOf(() => audit(deps, user.id, orderIds, auditUpTo))],
    ['sessions', valueOf(async () => sessionsOf(await repo.refreshTokensOf(db, user.id), now))],
    [
      'mfa',
      valueOf(async () => ({
        enrolled: user.mfaEnabledAt !== null,
        enabledSince: isoOrNull(user.mfaEnabledAt),
        recoveryCodesLeft: await repo.unusedRecoveryCodes(db, user.id),
      })),
    ],
    ['companySignIns', valueOf(() => companySignInsOf(deps, user.id))],
    ['directory', valueOf(() => directoryOf(deps, user.id))],
    ['oneTimeCodes', valueOf(() => oneTimeCodesOf(deps, user.id))],
    ['mails', pagesOf(() => mails(deps, user.email))],
  ];
}

function accountOf(user: Account['user'], employer: Account['employer']): DataExport['account'] {
  return {
    id: user.id,
    title: user.title,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    role: user.role,
    employeeId: user.employeeId,
    employer: employer ?? null,
    language: user.language,
    created: iso(user.createdAt),
    emailConfirmed: isoOrNull(user.emailConfirmedAt),
    disabled: isoOrNull(user.disabledAt),
  };
}

async function addressOf(deps: PrivacyDeps, userId: string): Promise<DataExport['address']> {
  const address = await repo.findAddress(deps.db, userId);
  if (!address) return null;
  return {
    street: address.street,
    streetNumber: address.streetNumber,
    postcode: address.postcode,
    place: address.place,
    state: address.state,
    placeOfBirth: address.placeOfBirth,
    updated: iso(address.updatedAt),
  };
}

async function salaryProfileOf(
  deps: PrivacyDeps,
  user: Account['user'],
  now: Date,
): Promise<DataExport['salaryProfile']> {
  const salary = await readSalaryProfile(deps.db, deps.cipher, { userId: user.id, tenantId: user.tenantId });
  if (!salary) return null;
  const updated = await repo.salaryProfileUpdatedAt(deps.db, user.id);
  return {
    version: salary.version,
    updated: iso(updated ?? now),
    salaryInfo: salary.salaryInfo as Record<string, unknown>,
  };
}

async function ordersOf(deps: PrivacyDeps, userId: string): Promise<DataExport['orders']> {
  const orderRows = await repo.ordersOf(deps.db, userId);
  const orderIds = orderRows.map((o) => o.id);
  const steps = await repo.stepsOf(deps.db, orderIds);
  const cases = await repo.identCasesOf(deps.db, orderIds);
  return orderRows.map((order) => ({
    id: order.id,
    created: iso(order.createdAt),
    status: order.status as StepType,
    signed: isoOrNull(order.signedAt),
    color: order.color,
    delivery: order.delivery,
    handoverDate: order.handoverDate,
    declineReason: order.declineReason,
    terms: order.terms as Record<string, unknown>,
    privateSnapshot: openPrivate(deps.cipher, order) as unknown as Record<string, unknown>,
    steps: steps
      .filter((s) => s.orderId === order.id)
      .flatMap((s) => {
        const step = stepById(s.stepId);
        return step ? [{ step: step.stepType, status: s.status, modified: iso(s.modified) }] : [];
      }),
    identityChecks: cases
      .filter((c) => c.orderId === order.id)
      .map((c) => ({
        kind: c.kind,
        status: c.status,
        providerCaseId: c.providerCaseId,
        created: iso(c.createdAt),
        updated: iso(c.updatedAt),
      })),
  }));
}

async function* documents(deps: PrivacyDeps, orderIds: number[]): AsyncGenerator<DataExport['documents']> {
  let after: { cursor: string; id: string } | null = null;
  for (;;) {
    const page = await pages.documentsPage(deps.db, orderIds, after);
    if (page.length === 0) return;
    yield page.map((d) => ({ id: d.id, orderId: d.orderId, name: d.name, kind: d.kind, created: iso(d.createdAt) }));
    const last = page.at(-1);
    if (!last || page.length < pages.EXPORT_PAGE_SIZE) return;
    after = { cursor: last.cursor, id: last.id };
  }
}

async function absencesOf(deps: PrivacyDeps, userId: string): Promise<DataExport['absences']> {
  return (await pages.absencesOf(deps.db, userId)).map((a) => ({
    id: a.id,
    type: a.type,
    from: a.fromDate,
    to: a.toDate,
    recorded: iso(a.recordedAt),
    updated: iso(a.updatedAt),
  }));
}

async function odometerReadingsOf(deps: PrivacyDeps, userId: string): Promise<DataExport['odometerReadings']> {
  return (await pages.odometerReadingsOf(deps.db, userId)).map((r) => ({
    id: r.id,
    orderId: r.orderId,
    readingKm: r.readingKm,
    readOn: r.readOn,
    recorded: iso(r.recordedAt),
    hasPhoto: r.photo !== null,
  }));
}

async function additionalDriversOf(deps: PrivacyDeps, userId: string): Promise<DataExport['additionalDrivers']> {
  return (await pages.additionalDriversOf(deps.db, userId)).map((d) => ({
    id: d.id,
    orderId: d.orderId,
    firstName: d.firstName,
    lastName: d.lastName,
    email: d.email,
    dateOfBirth: d.dateOfBirth,
    licenceIssuedOn: d.licenceIssuedOn,
    licenceCountry: d.licenceCountry,
    status: d.status,
    reason: d.reason,
    checkedOn: d.checkedOn,
    added: iso(d.addedAt),
    removed: isoOrNull(d.removedAt),
  }));
}

async function* audit(
  deps: PrivacyDeps,
  userId: string,
  orderIds: number[],
  upToId: number,
): AsyncGenerator<DataExport['audit']> {
  for (let afterId = 0; ;) {
    const page = await runAsSystem(() => pages.auditPage(deps.db, { userId, orderIds }, afterId, upToId));
    if (page.length === 0) return;
    yield page.map((row) => ({
      at: iso(row.at),
      action: row.action,
      subjectType: row.subjectType,
      subjectId: row.subjectId,
      fields: row.fields,
      actor: actorOf(row, userId),
    }));
    if (page.length < pages.EXPORT_PAGE_SIZE) return;
    afterId = page.at(-1)?.id ?? upToId;
  }
}

async function* mails(deps: PrivacyDeps, email: string): AsyncGenerator<DataExport['mails']> {
  for (let afterSeq = 0; ;) {
    const page = await runAsSystem(() => pages.mailsPage(deps.db, email, afterSeq));
    if (page.length === 0) return;
    yield page.map((m) => ({
      kind: m.kind,
      subject: m.subject,
      created: iso(m.createdAt),
      status: m.status,
      sent: isoOrNull(m.sentAt),
    }));
    if (page.length < pages.EXPORT_PAGE_SIZE) return;
    afterSeq = page.at(-1)?.seq ?? Number.MAX_SAFE_INTEGER;
  }
}

async function companySignInsOf(deps: PrivacyDeps, userId: string): Promise<DataExport['companySignIns']> {
  return (await pages.companySignInsOf(deps.db, userId)).map((link) => ({
    issuer: link.issuer,
    subject: link.subject,
    linked: iso(link.createdAt),
    lastSignIn: isoOrNull(link.lastSignInAt),
  }));
}

async function directoryOf(deps: PrivacyDeps, userId: string): Promise<DataExport['directory']> {
  const link = await pages.directoryLinkOf(deps.db, userId);
  return link
    ? { externalId: link.externalId, provisioned: iso(link.createdAt), lastChange: iso(link.updatedAt) }
    : null;
}

async function oneTimeCodesOf(deps: PrivacyDeps, userId: string): Promise<DataExport['oneTimeCodes']> {
  return (await repo.codesOf(deps.db, userId)).map((c) => ({
    purpose: c.purpose,
    created: iso(c.createdAt),
    expires: iso(c.expiresAt),
    used: isoOrNull(c.usedAt),
    newEmail: c.newEmail,
  }));
}

/** Who acted, by role only: other people's identities are theirs, not part of this person's copy. */
function actorOf(row: { actorUserId: string | null; actorRole: Role | null }, userId: string) {
  if (row.actorUserId === null) return 'SYSTEM' as const;
  if (row.actorUserId === userId) return 'SELF' as const;
  if (row.actorRole === 'TENANT_ADMIN') return 'EMPLOYER' as const;
  if (row.actorRole === 'PROVIDER_ADMIN') return 'PROVIDER' as const;
  return 'OTHER' as const;
}

/** One entry per sign-in (refresh family): its start, its last rotation, its absolute end. */
function sessionsOf(
  tokens: { familyId: string; createdAt: Date; familyExpiresAt: Date; usedAt: Date | null; revokedAt: Date | null }[],
  now: Date,
): DataExport['sessions'] {
  const families = new Map<string, typeof tokens>();
  for (const token of tokens) families.set(token.familyId, [...(families.get(token.familyId) ?? []), token]);
  return [...families.values()].flatMap((family) => {
    const first = family[0];
    const last = family.at(-1);
    if (!first || !last) return [];
    const live = family.some((t) => t.usedAt === null && t.revokedAt === null) && first.familyExpiresAt > now;
    return [
      {
        created: iso(first.createdAt),
        lastUsed: iso(last.createdAt),
        expires: iso(first.familyExpiresAt),
        active: live,
      },
    ];
  });
}
