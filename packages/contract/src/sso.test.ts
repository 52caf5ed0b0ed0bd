import { describe, expect, it } from 'vitest';

import { SsoEmailDomainSchema, SsoIssuerSchema, TenantSsoUpdateRequestSchema } from './sso.js';

describe("the company sign-in's configuration (ADR 0061)", () => {
  it('takes an https issuer, plain http for a loopback host only, never a discovery document itself', () => {
    const ok = (issuer: string) => SsoIssuerSchema.safeParse(issuer).success;
    expect(ok('https://login.microsoftonline.com/tenant-id/v2.0')).toBe(true);
    expect(ok(' https://idp.example.com/ ')).toBe(true);
    expect(ok('http://127.0.0.1:4011')).toBe(true);
    expect(ok('http://localhost:4011')).toBe(true);
    expect(ok('http://idp.example.com')).toBe(false);
    expect(ok('https://idp.example.com/.well-known/openid-configuration')).toBe(false);
    expect(ok('https://idp.example.com/?tenant=1')).toBe(false);
    expect(ok('https://user:pw@idp.example.com')).toBe(false);
    expect(ok('ftp://idp.example.com')).toBe(false);
    expect(ok('kein url')).toBe(false);
  });

  it('writes domains lower-case without @ or trailing dot, and refuses anything else', () => {
    expect(SsoEmailDomainSchema.parse(' @Muster-GmbH.Example. ')).toBe('muster-gmbh.example');
    expect(SsoEmailDomainSchema.parse('xn--mller-kva.example')).toBe('xn--mller-kva.example');
    for (const domain of ['localhost', 'müller.example', 'a b.example', '-x.example', 'x.example/y', '']) {
      expect(SsoEmailDomainSchema.safeParse(domain).success, domain).toBe(false);
    }
  });

  it('needs the switches, leaves the secret optional and refuses a domain twice', () => {
    const base = { issuer: 'https://idp.example.com', clientId: 'app', emailDomains: ['a.example'], enabled: true };
    expect(TenantSsoUpdateRequestSchema.safeParse({ ...base, requireSso: false }).success).toBe(true);
    expect(TenantSsoUpdateRequestSchema.safeParse(base).success).toBe(false);
    const twice = TenantSsoUpdateRequestSchema.safeParse({
      ...base,
      requireSso: false,
      emailDomains: ['a.example', 'A.example'],
    });
    expect(twice.success).toBe(false);
  });
});
