import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

import { AppError } from './errors.js';

/**
 * A bearer secret shown once (API keys `lk_…`, SCIM tokens `scim_…`): a label, 8 hex characters that
 * name it (so it is found without knowing who asks) and 32 random bytes (base64url) that are its
 * secret. Only its SHA-256 is stored; a database dump opens nothing. One place for the format, the
 * hash and the constant-time comparison, so both kinds cannot drift apart.
 */
export interface IssuedBearerSecret {
  /** The 8 hex characters stored beside the hash to find the row. */
  prefix: string;
  /** The whole secret, shown to its maker this once. */
  value: string;
  /** SHA-256 (hex) of the whole value, the only thing stored. */
  hash: string;
}

/** `last_used_at` is written at most this often per secret: every request would be a write. */
export const LAST_USED_STEP_MS = 60_000;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

const formatOf = (label: string) => new RegExp(`^${label}_([0-9a-f]{8})_([A-Za-z0-9_-]{43})$`);

/** A new secret labelled e.g. `lk` or `scim`. */
export function issueBearerSecret(label: string): IssuedBearerSecret {
  const prefix = randomBytes(4).toString('hex');
  const value = `${label}_${prefix}_${randomBytes(32).toString('base64url')}`;
  return { prefix, value, hash: sha256(value) };
}

/** The prefix a presented secret names, or null when it is not of this label's form. */
export function bearerSecretPrefix(label: string, presented: string): string | null {
  return formatOf(label).exec(presented)?.[1] ?? null;
}

/** Whether a presented secret is the one stored as `storedHash`, compared in constant time. */
export function bearerSecretMatches(presented: string, storedHash: string): boolean {
  const given = Buffer.from(sha256(presented), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/** A secret is in force until revoked or past its end. */
export function bearerSecretInForce(row: { revokedAt: Date | null; expiresAt: Date | null }, now: Date): boolean {
  return !row.revokedAt && !(row.expiresAt && row.expiresAt.getTime() <= now.getTime());
}

/** The end a maker asked for, refused (422 on `expiresAt`) when it has already passed. */
export function requestedExpiry(expiresAt: string | null | undefined, now: Date): Date | null {
  const end = expiresAt ? new Date(expiresAt) : null;
  if (end && end.getTime() <= now.getTime())
    throw new AppError('VALIDATION_FAILED', 'Das Ablaufdatum liegt in der Vergangenheit.', {
      errors: [{ field: 'expiresAt', message: 'past' }],
    });
  return end;
}
