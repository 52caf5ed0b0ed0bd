/**
 * `POST /v1/contracts/verify`: anyone signed in may check a contract file (the PDF as the body,
 * `content-type: application/pdf`, at most 20 MB). The answer lists every signature, seal and
 * timestamp; `orderId` only when the file is a contract version of an order the caller may see.
 */
import { CONTRACT_VERIFY_MAX_BYTES, ContractVerificationSchema, type ContractVerification } from '@leasing/contract';
import { arrayOverlaps, eq, and } from 'drizzle-orm';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { auditLog } from '../../db/schema.js';
import { runAsSystem } from '../../db/scope.js';
import { AppError } from '../../lib/errors.js';
import { consume, CONTRACT_VERIFY_LIMIT, type RateLimiter } from '../../lib/rate-limiter.js';
import { requireUser } from '../../plugins/authenticate.js';
import type { Actor, OrderDeps } from '../orders/deps.js';
import { visibleOrder } from '../orders/read-orders.js';

import { sha256Hex } from './order-signing-deps.js';
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

/** The order whose contract version has this hash (from the audit trail), if the caller may see it. */
export async function orderOfContractVersion(deps: OrderDeps, actor: Actor, pdf: Uint8Array): Promise<number | null> {
  const hash = sha256Hex(pdf);
  const tags = [`sha256:${hash}`, `prepared-sha256:${hash}`, `sealed-sha256:${hash}`];
  // Awaited inside: the query runs when awaited, and it must run in the system's scope.
  const candidates = await runAsSystem(
    async () =>
      await deps.db
        .select({ subjectId: auditLog.subjectId })
        .from(auditLog)
        .where(and(eq(auditLog.subjectType, 'order'), arrayOverlaps(auditLog.fields, tags)))
        .limit(5),
  );
  for (const candidate of candidates) {
    const orderId = Number(candidate.subjectId);
    if (!Number.isSafeInteger(orderId)) continue;
    try {
      return (await visibleOrder(deps, actor, orderId)).id;
    } catch {
      // Another employer's or another employee's order: not named.
    }
  }
  return null;
}

export function contractVerifyRoutes(
  deps: OrderDeps & { authenticate: onRequestAsyncHookHandler; limiter: RateLimiter },
): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', deps.authenticate);
    app.addContentTypeParser(
      'application/pdf',
      { parseAs: 'buffer', bodyLimit: CONTRACT_VERIFY_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
    app.post(
      '/v1/contracts/verify',
      {
        bodyLimit: CONTRACT_VERIFY_MAX_BYTES,
        // Counted before the body is read (after the plugin's sign-in check).
        onRequest: async (request) => {
          await consume(deps.limiter, `contract-verify:${requireUser(request).id}`, CONTRACT_VERIFY_LIMIT);
        },
        schema: {
          tags: ['contracts'],
          summary: 'Check the signatures, seals and timestamps of a contract PDF (body: the PDF, at most 20 MB)',
          security: [{ bearerAuth: [] }],
          response: { 200: ContractVerificationSchema },
        },
      },
      async (request): Promise<ContractVerification> => {
        const user = requireUser(request);
        const body = request.body;
        if (!Buffer.isBuffer(body) || body.length === 0) throw notAPdf();
        // Before the check: the file's memory moves to the worker that checks it.
        const orderId = await orderOfContractVersion(deps, user, body);
        let result;
        try {
          result = await verifyOffThread(body, await deps.signing.trustAnchors());
        } catch (error) {
          if (error instanceof NotAPdfError) throw notAPdf();
          if (error instanceof VerificationBudgetError) throw overBudget();
          if (error instanceof VerificationBusyError) {
            throw new AppError(
              'SERVICE_UNAVAILABLE',
              'Gerade werden viele Verträge geprüft. Bitte gleich noch einmal.',
            );
          }
          throw error;
        }
        return { ...toContractVerification(result), ...(orderId !== null ? { orderId } : {}) };
      },
    );
  };
}
