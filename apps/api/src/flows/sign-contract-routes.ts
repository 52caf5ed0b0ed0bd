/**
 * Where the remote-signing service sends the employee back after the authorization (the OAuth
 * redirect URI): completes the signature and returns the browser to the order. A failure shows a
 * short German page with the reason and the way back; the order's step is unchanged then.
 */
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';

import { runAsSystem } from '../db/scope.js';
import { AppError } from '../lib/errors.js';
import type { OrderDeps } from '../modules/orders/index.js';
import { escapeHtml } from '../modules/ident/index.js';

import { completeSignature, SignatureFailedError } from './sign-contract.js';

const returnQuery = z.object({
  state: z.string().max(100),
  code: z.string().max(4000).optional(),
  error: z.string().max(200).optional(),
});

function page(title: string, message: string, link: string | null): string {
  const back = link ? `<p><a href="${escapeHtml(link)}">Zurück zur Bestellung</a></p>` : '';
  return (
    `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
    `<body><h1>${escapeHtml(title)}</h1><p data-testid="signature-message">${escapeHtml(message)}</p>${back}</body></html>`
  );
}

export function orderSigningRoutes(deps: OrderDeps): FastifyPluginAsync {
  return async (app) => {
    app.get('/v1/signature/return', async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const query = returnQuery.safeParse(request.query);
      if (!query.success) {
        return reply
          .code(400)
          .type('text/html')
          .send(page('Signatur', 'Die Rückmeldung ist unvollständig.', null));
      }
      // The authorization named this address on the origin the employee's browser was at: back there,
      // where its session is (lib/browser-origin.ts).
      const origin = deps.originOf(request.host);
      try {
        const orderId = await runAsSystem(() => completeSignature(deps, query.data));
        return await reply.redirect(`${origin}/order/${orderId}/workflow`, 303);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        const link = error instanceof SignatureFailedError ? `${origin}/order/${error.orderId}/workflow` : null;
        return reply
          .code(error.status)
          .type('text/html')
          .send(page('Signatur nicht abgeschlossen', error.message, link));
      }
    });
  };
}
