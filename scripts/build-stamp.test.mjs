import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { STAMP_FILE, buildReason, recordBuild, sourceStamp } from './build-stamp.mjs';

const RUNTIME = { env: {}, node: 'v20.19.0 linux-x64' };

/** @type {string} */
let root;

/** @param {string} file @param {string} content */
const write = (file, content) => {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), content);
};

/** A repository with a little of each input, built: the outputs written and the build recorded. */
function builtRepository() {
  write('packages/contract/src/index.ts', 'export const rate = 1;\n');
  write('apps/api/src/server.ts', "console.log('listening');\n");
  write('apps/web/src/main.tsx', 'export {};\n');
  write('apps/web/public/locales/de/common.json', '{"title":"Leasing"}\n');
  write('package-lock.json', '{}\n');
  write('apps/api/dist/server.js', "console.log('listening');\n");
  write('apps/web/dist/index.html', '<!doctype html>\n');
  const sources = sourceStamp(root, RUNTIME);
  recordBuild(root, sources);
  return sources;
}

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'build-stamp-'));
});

afterEach(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

describe('sourceStamp', () => {
  it('stays the same while nothing changes, even when files are written again', () => {
    const before = builtRepository();
    write('apps/api/src/server.ts', "console.log('listening');\n");
    expect(sourceStamp(root, RUNTIME)).toBe(before);
  });

  it('changes with a source file, a locale, a new file and a lock file', () => {
    const before = builtRepository();
    const edits = [
      ['apps/api/src/server.ts', "console.log('listening!');\n"],
      ['apps/web/public/locales/de/common.json', '{"title":"E-Auto-Leasing"}\n'],
      ['packages/payroll/src/index.ts', 'export {};\n'],
      ['package-lock.json', '{"lockfileVersion":3}\n'],
    ];
    const stamps = edits.map(([file, content]) => {
      write(file, content);
      return sourceStamp(root, RUNTIME);
    });
    expect(new Set([before, ...stamps]).size).toBe(edits.length + 1);
  });

  it('ignores tests, which no build includes', () => {
    const before = builtRepository();
    write('apps/api/src/server.test.ts', "it('starts', () => {});\n");
    expect(sourceStamp(root, RUNTIME)).toBe(before);
  });

  it('changes with the Node version and with the variables Vite writes into the bundle', () => {
    const before = builtRepository();
    expect(sourceStamp(root, { ...RUNTIME, node: 'v22.12.0 linux-x64' })).not.toBe(before);
    expect(sourceStamp(root, { ...RUNTIME, env: { VITE_API_BASE_URL: 'https://api.example' } })).not.toBe(before);
    expect(sourceStamp(root, { ...RUNTIME, env: { PORT: '3001' } })).toBe(before);
  });
});

describe('buildReason', () => {
  it('asks for no build when sources and outputs are those of the recorded build', () => {
    const sources = builtRepository();
    expect(buildReason(root, sources)).toBeNull();
  });

  it('asks for a build when no build has finished yet', () => {
    const sources = builtRepository();
    fs.rmSync(path.join(root, STAMP_FILE));
    expect(buildReason(root, sources)).toMatch(/no finished build/);
  });

  it('asks for a build when a source changed', () => {
    builtRepository();
    write('apps/web/src/main.tsx', 'export const changed = true;\n');
    expect(buildReason(root, sourceStamp(root, RUNTIME))).toMatch(/sources changed/);
  });

  it('asks for a build when an output is missing', () => {
    const sources = builtRepository();
    fs.rmSync(path.join(root, 'apps/web/dist/index.html'));
    expect(buildReason(root, sources)).toMatch(/output changed or is missing/);
  });

  it('asks for a build when another build of other sources replaced the outputs', () => {
    const sources = builtRepository();
    write('apps/api/dist/server.js', "console.log('listening!');\n");
    expect(buildReason(root, sources)).toMatch(/output changed/);
  });
});
