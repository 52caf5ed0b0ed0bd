/**
 * The committed generated code must be exactly what the generator produces from the
 * committed XML files (regenerated in memory here), and the XML files must be the ones
 * documented in pap-xml/README.md.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { generateAll, sha256 } from '../../scripts/pap/generate.js';
import { PAP_MODULES } from './generated/index.js';

const XML_DIR = fileURLToPath(new URL('../../pap-xml/', import.meta.url));
const GENERATED_DIR = fileURLToPath(new URL('./generated/', import.meta.url));

describe('generated PAP code', () => {
  const expected = generateAll(XML_DIR);

  it('matches a fresh generation from pap-xml/ (run scripts/generate-pap.ts after changes)', () => {
    const committed = readdirSync(GENERATED_DIR).filter((f) => f.endsWith('.ts'));
    expect(committed.sort()).toEqual([...expected.keys()].sort());
    for (const [name, content] of expected) {
      expect(readFileSync(`${GENERATED_DIR}${name}`, 'utf8') === content, `${name} is out of date`).toBe(true);
    }
  });

  it('records the SHA-256 of the XML it was generated from, and the README lists it', () => {
    const readme = readFileSync(`${XML_DIR}README.md`, 'utf8');
    for (const module of Object.values(PAP_MODULES)) {
      const hash = sha256(readFileSync(`${XML_DIR}${module.meta.xmlFile}`));
      expect(module.meta.xmlSha256).toBe(hash);
      expect(readme).toContain(hash);
    }
  });
});
