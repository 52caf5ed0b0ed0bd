/**
 * The check behind `POST /v1/contracts/verify` (the route is `flows/verify-contract-routes.ts`, which
 * also names the caller's order): every signature, seal and timestamp of a contract file, checked in
 * a worker thread within its budget, with the German refusals of a file that is no PDF or too costly.
 */
import type { ContractVerification } from '@leasing/contract';
import type * as pkijs from 'pkijs';

import { AppError } from '../../lib/errors.js';
import { VerificationBudgetError, VerificationBusyError, verifyOffThread } from './verify-off-thread.js';
import { NotAPdfError, type PdfVerification } from './verify.js';

const notAPdf = () =>
  new AppError('VALIDATION_FAILED', 'Die Datei ist kein lesbares PDF.', {
    errors: [{ field: 'body', message: 'not a PDF' }],
  });

const overBudget = () =>
  new AppError('VALIDATION_FAILED', 'Die Datei lässt sich nicht in der vorgesehenen Zeit prüfen.', {
    errors: [{ field: 'body', message: 'check over budget' }],
  });

/** The answer: every signature, and for a signed file what each revision says. */
export function toContractVerification(result: PdfVerification): ContractVerification {
  const signatures = result.signatures.map((s) => ({
    signer: s.signer,
    signedAt: s.signedAt,
    kind: s.kind,
    coversWholeDocument: s.coversWholeDocument,
    trusted: s.trusted,
    intact: s.intact,
    revision: s.revision,
  }));
  if (signatures.length === 0) return { valid: false, signatures };
  return { valid: result.valid, signatures, revisions: result.revisions, problems: result.problems };
}

/** Checks a contract file against the trust anchors; a 400 when it is no readable PDF or too costly, a 503 when busy. */
export async function verifyContractFile(
  pdf: Buffer,
  anchors: readonly pkijs.Certificate[],
): Promise<ContractVerification> {
  if (pdf.length === 0) throw notAPdf();
  let result;
  try {
    result = await verifyOffThread(pdf, anchors);
  } catch (error) {
    if (error instanceof NotAPdfError) throw notAPdf();
    if (error instanceof VerificationBudgetError) throw overBudget();
    if (error instanceof VerificationBusyError) {
      throw new AppError('SERVICE_UNAVAILABLE', 'Gerade werden viele Verträge geprüft. Bitte gleich noch einmal.');
    }
    throw error;
  }
  return toContractVerification(result);
}
