import { describe, expect, it } from 'vitest';

import { parseOrderConfig } from './order-config';

describe('order build switches', () => {
  it('shows the signing screens unless VITE_HIDE_SIGN is "true"', () => {
    expect(parseOrderConfig({})).toEqual({ hideSign: false });
    expect(parseOrderConfig({ VITE_HIDE_SIGN: 'false' })).toEqual({ hideSign: false });
    expect(parseOrderConfig({ VITE_HIDE_SIGN: 'true' })).toEqual({ hideSign: true });
  });

  it('reads nothing else from the environment', () => {
    expect(parseOrderConfig({ VITE_HIDE_SIGN: 'true', SECRET: 'x', DEV: true })).toEqual({ hideSign: true });
  });

  it('fails fast with the variable name on anything else', () => {
    expect(() => parseOrderConfig({ VITE_HIDE_SIGN: 'yes' })).toThrow(/VITE_HIDE_SIGN/);
    expect(() => parseOrderConfig({ VITE_HIDE_SIGN: '1' })).toThrow(/VITE_HIDE_SIGN/);
  });
});
