import { randomBytes } from 'node:crypto';

import type { FieldCipher } from '../../lib/field-encryption.js';

/**
 * An endpoint's signing secret: `whsec_` and 32 random bytes in base64, the form the Standard
 * Webhooks libraries take. It signs every delivery, so it is kept encrypted with the app's field key
 * (bound to its endpoint's row), never as a hash, and shown to HR only when it is made.
 */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

const aad = (endpointId: string) => `webhook_endpoints:secret:${endpointId}`;

export function sealSecret(cipher: FieldCipher, endpointId: string, secret: string) {
  const sealed = cipher.encrypt(secret, aad(endpointId));
  return { secretKeyId: sealed.keyId, secretIv: sealed.iv, secretCiphertext: sealed.ciphertext };
}

export function openSecret(
  cipher: FieldCipher,
  row: { id: string; secretKeyId: string; secretIv: Buffer; secretCiphertext: Buffer },
): string {
  return cipher.decrypt({ keyId: row.secretKeyId, iv: row.secretIv, ciphertext: row.secretCiphertext }, aad(row.id));
}
