import fs from 'node:fs/promises';
import path from 'node:path';

import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { AppError, notFound } from '../../lib/errors.js';
import { requireRole } from '../../plugins/authenticate.js';
import { loopbackOnly } from '../../plugins/dev-only.js';

const LocaleParamsSchema = z.object({
  lng: z.string().regex(/^[a-z]{2}(-[A-Z]{2})?$/),
  ns: z.string().regex(/^[a-z][a-z0-9-]{0,31}$/),
});

/** Missing keys sent by i18next in development: a flat map of key -> fallback text. */
const MissingKeysSchema = z
  .record(z.string().regex(/^[A-Za-z][A-Za-z0-9_.-]{0,199}$/), z.string().max(2_000))
  .refine((o) => Object.keys(o).length >= 1 && Object.keys(o).length <= 200, 'between 1 and 200 keys');

/** A namespace's file of recorded keys never grows past this (no disk filling through the dev server). */
const MAX_RECORDED_BYTES = 256 * 1024;

export interface LocaleDeps {
  /** Folder with `<lng>/<ns>.json` (the built web app's `locales`). */
  localesDir: string;
  /** Where missing keys are recorded; null outside development, where the route does not exist. */
  missingKeysDir: string | null;
  authenticate: onRequestAsyncHookHandler;
}

export function localeRoutes(deps: LocaleDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/locales/:lng/:ns.json',
      { schema: { tags: ['i18n'], summary: 'Translation file', params: LocaleParamsSchema } },
      async (request, reply) => {
        const { lng, ns } = request.params;
        const file = path.join(deps.localesDir, lng, `${ns}.json`);
        const content = await fs.readFile(file, 'utf8').catch(() => null);
        if (content === null) throw notFound('Übersetzung nicht gefunden');
        return reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache').send(content);
      },
    );

    const missingKeysDir = deps.missingKeysDir;
    if (!missingKeysDir) return;
    // Development only, from this machine only, by a signed-in admin, into existing namespaces only.
    app.post(
      '/locales/add/:lng/:ns',
      {
        onRequest: [loopbackOnly, deps.authenticate],
        schema: {
          tags: ['development'],
          summary: 'Record missing translation keys (development, loopback, admins only)',
          security: [{ bearerAuth: [] }],
          params: LocaleParamsSchema,
          body: MissingKeysSchema,
        },
      },
      async (request, reply) => {
        requireRole(request, 'TENANT_ADMIN', 'PROVIDER_ADMIN');
        const { lng, ns } = request.params;
        const known = await fs.stat(path.join(deps.localesDir, lng, `${ns}.json`)).catch(() => null);
        if (!known?.isFile()) throw notFound('Übersetzung nicht gefunden');
        const file = path.join(missingKeysDir, lng, `${ns}.json`);
        await fs.mkdir(path.dirname(file), { recursive: true });
        const existing = await fs
          .readFile(file, 'utf8')
          .then((text) => JSON.parse(text) as Record<string, string>)
          .catch(() => ({}));
        const content = JSON.stringify({ ...existing, ...request.body }, null, 2);
        if (Buffer.byteLength(content) > MAX_RECORDED_BYTES) {
          throw new AppError('PAYLOAD_TOO_LARGE', 'Zu viele fehlende Übersetzungen aufgezeichnet.');
        }
        await fs.writeFile(file, content);
        return reply.code(204).send();
      },
    );
  };
}
