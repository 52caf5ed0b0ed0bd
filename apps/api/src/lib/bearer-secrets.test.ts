import { describe, expect, it } from 'vitest';

import {
  bearerSecretInForce,
  bearerSecretMatches,
  bearerSecretPrefix,
  issueBearerSecret,
  requestedExpiry,
} from './bearer-secrets.js';

describe('bearer secrets', () => {
  it('issues a labelled secret whose prefix it finds again and whose hash matches it alone', () => {
    const issued = issueBearerSecret('lk');
    expect(issued.value).toMatch(/^lk_[0-9a-f]{8}_[A-Za-z0-9_-]{43}$/);
    expect(bearerSecretPrefix('lk', issued.value)).toBe(issued.prefix);
    expect(bearerSecretMatches(issued.value, issued.hash)).toBe(true);
    const tampered = issued.value.slice(0, -1) + (issued.value.endsWith('A') ? 'B' : 'A');
    expect(bearerSecretMatches(tampered, issued.hash)).toBe(false);
    expect(bearerSecretMatches(issued.value, 'abcd')).toBe(false);
    expect(issued.hash).not.toContain(issued.value.slice(12));
  });

  it('knows no secret of another label or form', () => {
    const issued = issueBearerSecret('scim');
    expect(bearerSecretPrefix('lk', issued.value)).toBeNull();
    expect(bearerSecretPrefix('scim', `${issued.value}x`)).toBeNull();
    expect(bearerSecretPrefix('scim', 'scim_zzzzzzzz_' + 'a'.repeat(43))).toBeNull();
  });

  it('is in force until revoked or past its end', () => {
    const now = new Date('2026-12-08T10:00:00Z');
    expect(bearerSecretInForce({ revokedAt: null, expiresAt: null }, now)).toBe(true);
    expect(bearerSecretInForce({ revokedAt: null, expiresAt: new Date('2026-12-08T10:00:01Z') }, now)).toBe(true);
    expect(bearerSecretInForce({ revokedAt: null, expiresAt: now }, now)).toBe(false);
    expect(bearerSecretInForce({ revokedAt: now, expiresAt: null }, now)).toBe(false);
  });

  it('refuses an end that has passed with a field error', () => {
    const now = new Date('2026-12-08T10:00:00Z');
    expect(requestedExpiry(undefined, now)).toBeNull();
    expect(requestedExpiry('2027-01-01T00:00:00Z', now)?.toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(() => requestedExpiry('2026-12-01T00:00:00Z', now)).toThrow(
      expect.objectContaining({ errors: [{ field: 'expiresAt', message: 'past' }] }),
    );
  });
});
