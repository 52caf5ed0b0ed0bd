import fs from 'node:fs';
import path from 'node:path';

/** The application's version, read once from apps/api/package.json. */
export const APP_VERSION: string = (
  JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../package.json'), 'utf8')) as { version: string }
).version;
