import { describe, expect, it } from 'vitest';

import { loadConfig } from '../config/env.js';
import { browserOrigin } from './browser-origin.js';

describe('the origin a browser is sent back to', () => {
  const unset = browserOrigin(loadConfig({ DATA_DIR: '/tmp/x', PORT: '3000' }));

  it('follows the loopback name the browser used when PUBLIC_URL is unset', () => {
    expect(unset('localhost:3000')).toBe('http://localhost:3000');
    expect(unset('127.0.0.1:3000')).toBe('http://127.0.0.1:3000');
    expect(unset('[::1]:3000')).toBe('http://[::1]:3000');
    expect(unset('LOCALHOST:3000')).toBe('http://localhost:3000');
  });

  it('answers the default for any other or a missing Host', () => {
    for (const host of [
      'evil.example:3000',
      'localhost.evil.example',
      '127.0.0.1.nip.io',
      '10.0.0.1:3000',
      undefined,
    ]) {
      expect(unset(host)).toBe('http://localhost:3000');
    }
  });

  it('answers PUBLIC_URL whatever the Host when it is set', () => {
    const set = browserOrigin(loadConfig({ DATA_DIR: '/tmp/x', PUBLIC_URL: 'https://leasing.example.com/' }));
    expect(set('127.0.0.1:3000')).toBe('https://leasing.example.com');
    expect(set('localhost:3000')).toBe('https://leasing.example.com');
  });

  it('is never guessed in production: PUBLIC_URL is required there', () => {
    expect(() => loadConfig({ DATA_DIR: '/tmp/x', NODE_ENV: 'production' })).toThrow(
      'Invalid configuration: PUBLIC_URL must be set in production',
    );
    const production = loadConfig({ DATA_DIR: '/tmp/x', NODE_ENV: 'production', PUBLIC_URL: 'https://a.example' });
    expect(browserOrigin(production)('localhost:3000')).toBe('https://a.example');
  });
});
