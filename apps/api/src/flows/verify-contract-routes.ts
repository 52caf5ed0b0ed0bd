/**
 * `POST /v1/contracts/verify`: anyone signed in may check a contract file (the PDF as the body,
 * `content-type: application/pdf`, at most 20 MB). The answer lists every signature, seal and
 * timestamp (signing's `verifyContractFile`); `orderId` only when the file is a contract version of
 * an order the caller may see (orders' `visibleOrder`): a flow, as it asks both rooms.
 */
import { CONTRACT_VERIFY_MAX_BYTES, ContractVerificationSchema, type ContractVerification } from '@leasing/contract';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { runAsSystem } from '../db/scope.js';
import { subjectsTagged } from '../lib/audit.js';
import { consume, CONTRACT_VERIFY_LIMIT, type RateLimiter } from '../lib/rate-limiter.js';
import { visibleOrder, type Actor, type OrderDeps } from '../modules/orders/index.js';
import { sha256Hex, verifyContractFile } from '../modules/signing/index.js';
import { requireUser } from '../plugins/authenticate.js';

/** The order whose contract version has this hash (from the audit trail), if the caller may see it. */
export async function orderOfContractVersion(deps: OrderDeps, actor: Actor, pdf: Uint8Array): Promise<number | null> {
  const hash = sha256Hex(pdf);
  const tags = [`sha256:${hash}`, `prepared-sha256:${hash}`, `sealed-sha256:${hash}`];
  // Awaited inside: the query runs when awaited, and it must run in the system's scope.
  const candidates = await runAsSystem(async () => await subjectsTagged(deps.db, 'order', tags, 5));
  for (const candidate of candidates) {
    const orderId = Number(candidate);
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
        // Not a buffer: no PDF body at all, refused by the check as an empty file.
        const file = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        // Before the check: the file's memory moves to the worker that checks it.
        const orderId = file.length > 0 ? await orderOfContractVersion(deps, user, file) : null;
        const verification = await verifyContractFile(file, await deps.signing.trustAnchors());
        return { ...verification, ...(orderId !== null ? { orderId } : {}) };
      },
    );
  };
}
