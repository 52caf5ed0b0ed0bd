import { and, eq, isNull } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { simulatorCases } from '../../db/schema-simulator.js';
import type { CaseKind, CaseStatus } from './provider.js';

export type SimulatorOutcome = 'success' | 'failure' | 'cancel';

export interface SimulatorCase {
  caseId: string;
  kind: CaseKind;
  reference: string;
  callbackUrl: string;
  returnUrl: string;
  document: { fileName: string; pdf: Uint8Array } | null;
  signerName: string | null;
  createdAt: Date;
  expiresAt: Date;
  /** What the user chose on the page; the case completes `completionDelayMs` later. */
  outcome: SimulatorOutcome | null;
  outcomeAt: Date | null;
  /** Stored status; EXPIRED is derived when reading (see `caseStatus`). */
  status: 'PENDING' | 'SUCCEEDED' | 'FAILED' | 'CANCELLED';
  completedAt: Date | null;
  failureReason: string | null;
  signedDocument: Uint8Array | null;
}

/** The status as read at `now`: a case nobody finished before `expiresAt` is EXPIRED. */
export function caseStatus(entry: SimulatorCase, now: Date): CaseStatus {
  if (entry.status === 'PENDING' && entry.outcome === null && now.getTime() >= entry.expiresAt.getTime()) {
    return 'EXPIRED';
  }
  return entry.status;
}

/** What completing a case sets. */
export type CaseCompletion = Pick<SimulatorCase, 'status' | 'completedAt' | 'failureReason' | 'signedDocument'>;

/**
 * Where the simulator keeps its cases. Changes are conditional, so two instances (or two clicks)
 * racing on one case give one outcome and one completion.
 */
export interface CaseRepository {
  add(entry: SimulatorCase): Promise<void>;
  get(caseId: string): Promise<SimulatorCase | undefined>;
  /** Records the user's choice; false when one was recorded already. */
  recordOutcome(caseId: string, outcome: SimulatorOutcome, at: Date): Promise<boolean>;
  /** Completes a pending case; false when it was completed already. */
  complete(caseId: string, completion: CaseCompletion): Promise<boolean>;
}

/** Cases in one process: for tests of the simulator itself. */
export class MemoryCaseRepository implements CaseRepository {
  private readonly cases = new Map<string, SimulatorCase>();

  constructor(private readonly maxCases = 10_000) {}

  get size(): number {
    return this.cases.size;
  }

  async add(entry: SimulatorCase): Promise<void> {
    while (this.cases.size >= this.maxCases) {
      const oldest = this.cases.keys().next();
      if (oldest.done) break;
      this.cases.delete(oldest.value);
    }
    this.cases.set(entry.caseId, { ...entry });
  }

  async get(caseId: string): Promise<SimulatorCase | undefined> {
    const entry = this.cases.get(caseId);
    return entry ? { ...entry } : undefined;
  }

  async recordOutcome(caseId: string, outcome: SimulatorOutcome, at: Date): Promise<boolean> {
    const entry = this.cases.get(caseId);
    if (!entry || entry.outcome !== null) return false;
    entry.outcome = outcome;
    entry.outcomeAt = at;
    return true;
  }

  async complete(caseId: string, completion: CaseCompletion): Promise<boolean> {
    const entry = this.cases.get(caseId);
    if (!entry || entry.status !== 'PENDING') return false;
    Object.assign(entry, completion);
    return true;
  }
}

/** Cases in the database: shared by every instance of the app. */
export class DatabaseCaseRepository implements CaseRepository {
  constructor(private readonly db: Database) {}

  async add(entry: SimulatorCase): Promise<void> {
    await this.db.insert(simulatorCases).values({
      caseId: entry.caseId,
      kind: entry.kind,
      reference: entry.reference,
      callbackUrl: entry.callbackUrl,
      returnUrl: entry.returnUrl,
      documentName: entry.document?.fileName ?? null,
      documentPdf: entry.document ? Buffer.from(entry.document.pdf) : null,
      signerName: entry.signerName,
      createdAt: entry.createdAt,
      expiresAt: entry.expiresAt,
      outcome: entry.outcome,
      outcomeAt: entry.outcomeAt,
      status: entry.status,
      completedAt: entry.completedAt,
      failureReason: entry.failureReason,
      signedDocument: entry.signedDocument ? Buffer.from(entry.signedDocument) : null,
    });
  }

  async get(caseId: string): Promise<SimulatorCase | undefined> {
    const [row] = await this.db.select().from(simulatorCases).where(eq(simulatorCases.caseId, caseId));
    if (!row) return undefined;
    return {
      caseId: row.caseId,
      kind: row.kind,
      reference: row.reference,
      callbackUrl: row.callbackUrl,
      returnUrl: row.returnUrl,
      document:
        row.documentName && row.documentPdf
          ? { fileName: row.documentName, pdf: new Uint8Array(row.documentPdf) }
          : null,
      signerName: row.signerName,
      createdAt: row.createdAt,
      expiresAt: row.expiresAt,
      outcome: row.outcome,
      outcomeAt: row.outcomeAt,
      status: row.status,
      completedAt: row.completedAt,
      failureReason: row.failureReason,
      signedDocument: row.signedDocument ? new Uint8Array(row.signedDocument) : null,
    };
  }

  async recordOutcome(caseId: string, outcome: SimulatorOutcome, at: Date): Promise<boolean> {
    const updated = await this.db
      .update(simulatorCases)
      .set({ outcome, outcomeAt: at })
      .where(and(eq(simulatorCases.caseId, caseId), isNull(simulatorCases.outcome)))
      .returning({ caseId: simulatorCases.caseId });
    return updated.length > 0;
  }

  async complete(caseId: string, completion: CaseCompletion): Promise<boolean> {
    const updated = await this.db
      .update(simulatorCases)
      .set({
        status: completion.status,
        completedAt: completion.completedAt,
        failureReason: completion.failureReason,
        signedDocument: completion.signedDocument ? Buffer.from(completion.signedDocument) : null,
      })
      .where(and(eq(simulatorCases.caseId, caseId), eq(simulatorCases.status, 'PENDING')))
      .returning({ caseId: simulatorCases.caseId });
    return updated.length > 0;
  }
}
