import { describe, expect, it } from 'vitest';

import de from '../../../public/locales/de/security.json';

describe('security translations', () => {
  it('name the legal reasons for what an erasure keeps', () => {
    expect(de.delete.modal.kept1).toContain('§ 257 HGB');
    expect(de.delete.modal.kept1).toContain('§ 147 AO');
  });
});
