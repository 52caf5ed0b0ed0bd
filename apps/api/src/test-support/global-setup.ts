import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { removeTemplates, SET_UP_LOG_ENV, TEMPLATES_ENV, type TemplateSet } from './template-set.js';

const BUILDER = path.join(import.meta.dirname, 'build-templates-cli.ts');

/**
 * vitest's global set-up of the API's tests: the run's database templates, made once before any test
 * file starts (each file then opens a copy in well under a second), removed when the run ends. The
 * workers inherit the environment that names them. At the end it prints what a test app's set-up
 * cost, per database kind.
 */
export default function setup(): () => Promise<void> {
  // Both API projects (the files that run side by side and those that run alone) name this set-up:
  // the run's first call makes the templates, and its teardown removes them.
  if (process.env[TEMPLATES_ENV]) return () => Promise.resolve();
  const started = performance.now();
  const serverUrl = process.env['TEST_DATABASE_URL'];
  const templates = buildTemplatesInOwnProcess();
  process.env[TEMPLATES_ENV] = JSON.stringify(templates);
  const setUpLog = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'leasing-set-up-')), 'set-up.tsv');
  process.env[SET_UP_LOG_ENV] = setUpLog;
  const kinds = templates.postgresTemplates ? 'PGlite and PostgreSQL' : 'PGlite';
  console.log(`Database templates (${kinds}) ready in ${seconds(performance.now() - started)}`);
  return async () => {
    Reflect.deleteProperty(process.env, TEMPLATES_ENV);
    Reflect.deleteProperty(process.env, SET_UP_LOG_ENV);
    printSetUpTimes(setUpLog);
    fs.rmSync(path.dirname(setUpLog), { recursive: true, force: true });
    await removeTemplates(templates, serverUrl);
  };
}

function buildTemplatesInOwnProcess(): TemplateSet {
  const output = execFileSync(process.execPath, ['--conditions=@leasing/source', '--import', 'tsx', BUILDER], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 16 * 1024 * 1024,
  });
  const last = output.trim().split('\n').at(-1) ?? '';
  return JSON.parse(last) as TemplateSet;
}

function printSetUpTimes(log: string): void {
  if (!fs.existsSync(log)) return;
  const byKind = new Map<string, number[]>();
  for (const line of fs.readFileSync(log, 'utf8').split('\n').filter(Boolean)) {
    const [kind = '?', ms = '0'] = line.split('\t');
    byKind.set(kind, [...(byKind.get(kind) ?? []), Number(ms)]);
  }
  for (const [kind, times] of byKind) {
    const sorted = times.sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
    console.log(
      `Test app set-up on ${kind}: ${sorted.length} apps, median ${seconds(at(0.5))}, ` +
        `p95 ${seconds(at(0.95))}, slowest ${seconds(at(1))}`,
    );
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
