import crypto from 'node:crypto';

/**
 * AES-256-GCM for personal data at rest. Each value gets a random 96-bit IV; the additional
 * authenticated data binds the ciphertext to its table, column and row, so a ciphertext copied to
 * another row fails to decrypt. `keyId` names the key so keys can be rotated.
 */
export interface EncryptedValue {
  keyId: string;
  iv: Buffer;
  /** Ciphertext followed by the 16-byte GCM tag. */
  ciphertext: Buffer;
}

export class DecryptionError extends Error {}

export class FieldCipher {
  readonly keyId: string;
  private readonly keys: Map<string, Buffer>;

  constructor(key: Buffer, previousKeys: Buffer[] = []) {
    if (key.length !== 32) throw new Error('The encryption key must be 32 bytes');
    this.keyId = keyIdOf(key);
    this.keys = new Map([[this.keyId, key], ...previousKeys.map((k) => [keyIdOf(k), k] as const)]);
  }

  encrypt(plaintext: string, aad: string): EncryptedValue {
    const iv = crypto.randomBytes(12);
    const cipher = crypto.createCipheriv('aes-256-gcm', this.currentKey(), iv);
    cipher.setAAD(Buffer.from(aad));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return { keyId: this.keyId, iv, ciphertext: Buffer.concat([body, cipher.getAuthTag()]) };
  }

  /** Fails closed: a wrong key, a changed byte or a foreign AAD throws. */
  decrypt(value: EncryptedValue, aad: string): string {
    const key = this.keys.get(value.keyId);
    if (!key) throw new DecryptionError(`Unknown encryption key ${value.keyId}`);
    if (value.ciphertext.length < 16) throw new DecryptionError('Ciphertext too short');
    try {
      const decipher = crypto.createDecipheriv('aes-256-gcm', key, value.iv);
      decipher.setAAD(Buffer.from(aad));
      decipher.setAuthTag(value.ciphertext.subarray(value.ciphertext.length - 16));
      return Buffer.concat([decipher.update(value.ciphertext.subarray(0, -16)), decipher.final()]).toString('utf8');
    } catch {
      throw new DecryptionError('Decryption failed');
    }
  }

  private currentKey(): Buffer {
    const key = this.keys.get(this.keyId);
    if (!key) throw new Error('unreachable: current key missing');
    return key;
  }
}

function keyIdOf(key: Buffer): string {
  return crypto.createHash('sha256').update(key).digest('hex').slice(0, 12);
}
