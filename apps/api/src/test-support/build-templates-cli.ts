// The certificate libraries the app loads need the metadata polyfill first, as test-pki.ts has it.
import 'reflect-metadata';

import { buildTemplates } from './database-templates.js';

/**
 * Builds the run's database templates and writes their names (a TemplateSet as JSON) as the last line
 * of its output. vitest's global set-up runs it as a process of its own, with the app's sources
 * resolved as `npm run dev` resolves them: the set-up's own module loader sees the workspace packages
 * as built packages, which a fresh clone does not have yet.
 */
const templates = await buildTemplates(process.env['TEST_DATABASE_URL']);
process.stdout.write(`${JSON.stringify(templates)}\n`);
// The embedded database's WASM runtime keeps the process alive; everything is closed and written.
process.exit(0);
