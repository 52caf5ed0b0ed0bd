import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import type { Database } from '../../db/client.js';
import { enterPlatformScope } from '../../lib/request-context.js';
import { loopbackOnly } from '../../plugins/dev-only.js';
import { escapeHtml } from './templates.js';
import { listMailbox } from './outbox.js';

const MailboxEntrySchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  links: z.array(z.string()),
  /** The files sent with the mail: names, types and sizes in bytes, not their content. */
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string(), size: z.number().int() })),
  createdAt: z.string(),
  status: z.string(),
});

/**
 * The development mailbox: without SMTP the mails stay in the database and are shown here. It exposes
 * one-time links (a password reset is an account takeover), so it is registered only outside
 * production and answers only loopback clients.
 */
export function mailboxRoutes(deps: { db: Database }): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', loopbackOnly);
    // The mailbox shows every queued mail: a platform view (development only, loopback only).
    app.addHook('onRequest', enterPlatformScope);
    const entries = async () =>
      (await listMailbox(deps.db)).map((m) => ({
        id: m.id,
        to: m.recipient,
        subject: m.subject,
        text: m.textBody,
        links: m.links,
        attachments: m.attachments,
        createdAt: m.createdAt.toISOString(),
        status: m.status,
      }));

    app.get(
      '/dev/mailbox.json',
      {
        schema: {
          tags: ['development'],
          summary: 'Mails kept in development, newest first',
          response: { 200: z.array(MailboxEntrySchema) },
        },
      },
      async (_request, reply) => {
        void reply.header('cache-control', 'no-store');
        return entries();
      },
    );

    app.get('/dev/mailbox', { schema: { hide: true } }, async (_request, reply) => {
      const rows = (await entries())
        .map(
          (m) =>
            `<article><h2>${escapeHtml(m.subject)}</h2><p><strong>An:</strong> ${escapeHtml(m.to)} · ${escapeHtml(
              new Date(m.createdAt).toLocaleString('de-DE', { timeZone: 'Europe/Berlin' }),
            )}</p><pre>${escapeHtml(m.text)}</pre>${m.links.map((l) => `<p><a href="${escapeHtml(l)}">${escapeHtml(l)}</a></p>`).join('')}${attachmentList(m.attachments)}</article>`,
        )
        .join('<hr>');
      return reply
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(
          `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Postfach (Entwicklung)</title></head><body><h1>Postfach (Entwicklung)</h1>${rows || '<p>Keine E-Mails.</p>'}</body></html>`,
        );
    });
  };
}

/** The mail's files by name, type and size (the mailbox shows no content). */
function attachmentList(attachments: readonly { filename: string; contentType: string; size: number }[]): string {
  if (attachments.length === 0) return '';
  const size = new Intl.NumberFormat('de-DE');
  const items = attachments
    .map((a) => `<li>${escapeHtml(a.filename)} (${escapeHtml(a.contentType)}, ${size.format(a.size)} Bytes)</li>`)
    .join('');
  return `<p><strong>Anhänge:</strong></p><ul>${items}</ul>`;
}
