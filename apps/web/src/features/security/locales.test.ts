import { describe, expect, it } from 'vitest';

import de from '../../../public/locales/de/security.json';
import en from '../../../public/locales/en/security.json';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

describe('security translations', () => {
  it('keep the English file in step with the German one, without empty texts', () => {
    expect(keys(en).sort()).toEqual(keys(de).sort());
    expect(JSON.stringify([de, en]).match(/":\s*""/g) ?? []).toEqual([]);
  });

  it('name the legal reasons for what an erasure keeps', () => {
    expect(de.delete.modal.kept1).toContain('§ 257 HGB');
    expect(de.delete.modal.kept1).toContain('§ 147 AO');
  });
});
