import { describe, expect, it } from 'vitest';

import { ConfigError, loadConfig } from './env.js';

describe('database configuration', () => {
  const secrets = { JWT_SECRET: 'x'.repeat(32), DATA_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64') };

  it('takes a separate owner connection for the migrations', () => {
    const config = loadConfig({
      ...secrets,
      DATABASE_URL: 'postgres://leasing_web@db/leasing',
      DATABASE_OWNER_URL: 'postgres://leasing_owner@db/leasing',
    });
    expect(config.databaseUrl).toBe('postgres://leasing_web@db/leasing');
    expect(config.databaseOwnerUrl).toBe('postgres://leasing_owner@db/leasing');
  });

  it('refuses an owner connection without the application one, and a malformed one', () => {
    expect(() => loadConfig({ ...secrets, DATABASE_OWNER_URL: 'postgres://owner@db/leasing' })).toThrow(
      new ConfigError('Invalid configuration: DATABASE_OWNER_URL needs DATABASE_URL (the application role)'),
    );
    expect(() =>
      loadConfig({ ...secrets, DATABASE_URL: 'postgres://web@db/l', DATABASE_OWNER_URL: 'mysql://owner@db/l' }),
    ).toThrow(/DATABASE_OWNER_URL must start with postgres/);
  });
});

describe('page analytics configuration', () => {
  it('is off unless a script is named, and counts under the public host by default', () => {
    expect(loadConfig({}).analytics).toBeNull();
    const config = loadConfig({
      PUBLIC_URL: 'https://leasing.example.com',
      ANALYTICS_SCRIPT_URL: 'https://stats.example.com/js/script.manual.js',
    });
    expect(config.analytics).toEqual({
      scriptUrl: 'https://stats.example.com/js/script.manual.js',
      site: 'leasing.example.com',
    });
    expect(
      loadConfig({
        ANALYTICS_SCRIPT_URL: 'https://stats.example.com/js/script.manual.js',
        ANALYTICS_SITE: 'hr.example.com',
      }).analytics?.site,
    ).toBe('hr.example.com');
  });

  it('refuses a script sent in the clear to another machine, and a site name that is no host name', () => {
    expect(() => loadConfig({ ANALYTICS_SCRIPT_URL: 'http://stats.example.com/script.manual.js' })).toThrow(
      /ANALYTICS_SCRIPT_URL must be an https:\/\/ URL/,
    );
    expect(() => loadConfig({ ANALYTICS_SCRIPT_URL: 'javascript:alert(1)' })).toThrow(/ANALYTICS_SCRIPT_URL/);
    // The counting-on-its-own variant would report the codes of reset and invitation links.
    expect(() => loadConfig({ ANALYTICS_SCRIPT_URL: 'https://stats.example.com/js/script.js' })).toThrow(
      /ANALYTICS_SCRIPT_URL must be the script's manual variant/,
    );
    expect(
      loadConfig({ ANALYTICS_SCRIPT_URL: 'https://stats.example.com/js/script.manual.outbound-links.js' }).analytics,
    ).not.toBeNull();
    expect(loadConfig({ ANALYTICS_SCRIPT_URL: 'http://127.0.0.1:8080/script.manual.js' }).analytics).not.toBeNull();
    expect(() =>
      loadConfig({ ANALYTICS_SCRIPT_URL: 'https://stats.example.com/s.manual.js', ANALYTICS_SITE: 'a" onload="x' }),
    ).toThrow(/ANALYTICS_SITE/);
  });
});

describe('per-phase timing', () => {
  it('is off by default and refused in production', () => {
    expect(loadConfig({}).serverTiming).toBe(false);
    expect(loadConfig({ SERVER_TIMING: 'true' }).serverTiming).toBe(true);
    expect(() => loadConfig({ NODE_ENV: 'production', SERVER_TIMING: 'true' })).toThrow(
      new ConfigError('Invalid configuration: SERVER_TIMING is for measurements outside production'),
    );
  });
});
