import fs from 'node:fs/promises';
import path from 'node:path';

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { notFound } from '../../lib/errors.js';

const LocaleParamsSchema = z.object({
  lng: z.string().regex(/^[a-z]{2}(-[A-Z]{2})?$/),
  ns: z.string().regex(/^[a-z][a-z0-9-]{0,31}$/),
});

/** Missing keys sent by i18next in development: a flat map of key -> fallback text. */
const MissingKeysSchema = z
  .record(z.string().max(200), z.string().max(2_000))
  .refine((o) => Object.keys(o).length <= 200);

export interface LocaleDeps {
  /** Folder with `<lng>/<ns>.json` (the built web app's `locales`). */
  localesDir: string;
  /** Where missing keys are recorded; null outside development, which makes the route answer 404. */
  missingKeysDir: string | null;
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

    app.post(
      '/locales/add/:lng/:ns',
      {
        schema: {
          tags: ['i18n'],
          summary: 'Record missing translation keys (development only)',
          params: LocaleParamsSchema,
          body: MissingKeysSchema,
        },
      },
      async (request, reply) => {
        if (!deps.missingKeysDir) throw notFound();
        const { lng, ns } = request.params;
        const file = path.join(deps.missingKeysDir, lng, `${ns}.json`);
        await fs.mkdir(path.dirname(file), { recursive: true });
        const existing = await fs
          .readFile(file, 'utf8')
          .then((text) => JSON.parse(text) as Record<string, string>)
          .catch(() => ({}));
        await fs.writeFile(file, JSON.stringify({ ...existing, ...request.body }, null, 2));
        return reply.code(204).send();
      },
    );
  };
}
