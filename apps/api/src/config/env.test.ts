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
