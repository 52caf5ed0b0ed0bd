/**
 * What the development trust service's key does with a hash: RSA PKCS#1 v1.5 (pades.ts) or RSASSA-PSS
 * with SHA-256, MGF1-SHA-256 and a 32-byte salt. A remote signer only ever sees the hash, and node signs
 * PSS only over a message, so the encoding is EMSA-PSS-ENCODE of RFC 8017 (9.1.1) followed by the raw
 * RSA operation.
 */
import { constants, createHash, privateEncrypt, randomBytes, type KeyObject } from 'node:crypto';

import { PSS_SALT_LENGTH } from './csc-algorithms.js';
import { signSha256Hash } from './pades.js';

const HASH_LENGTH = 32;

/** MGF1 with SHA-256 (RFC 8017 B.2.1). */
function mgf1(seed: Buffer, length: number): Buffer {
  const blocks: Buffer[] = [];
  for (let counter = 0; blocks.length * HASH_LENGTH < length; counter += 1) {
    const c = Buffer.alloc(4);
    c.writeUInt32BE(counter);
    blocks.push(createHash('sha256').update(seed).update(c).digest());
  }
  return Buffer.concat(blocks).subarray(0, length);
}

/** EMSA-PSS-ENCODE (RFC 8017 9.1.1) of an already computed SHA-256 hash, for a modulus of `modulusBits`. */
export function pssEncode(hash: Buffer, modulusBits: number, salt = randomBytes(PSS_SALT_LENGTH)): Buffer {
  const emBits = modulusBits - 1;
  const emLength = Math.ceil(emBits / 8);
  if (hash.length !== HASH_LENGTH || emLength < HASH_LENGTH + salt.length + 2) throw new Error('encoding error');
  const h = createHash('sha256').update(Buffer.alloc(8)).update(hash).update(salt).digest();
  const db = Buffer.concat([Buffer.alloc(emLength - salt.length - HASH_LENGTH - 2), Buffer.from([1]), salt]);
  const mask = mgf1(h, db.length);
  for (let i = 0; i < db.length; i += 1) db[i] = (db[i] ?? 0) ^ (mask[i] ?? 0);
  // The leftmost 8·emLen − emBits bits are cleared: the encoded message stays below the modulus.
  db[0] = (db[0] ?? 0) & (0xff >> (8 * emLength - emBits));
  return Buffer.concat([db, h, Buffer.from([0xbc])]);
}

export function signHashWithKey(scheme: 'rsa-pkcs1' | 'rsa-pss', hash: Buffer, privateKey: KeyObject): Buffer {
  if (scheme === 'rsa-pkcs1') return signSha256Hash(hash, privateKey);
  const modulusBits = privateKey.asymmetricKeyDetails?.modulusLength ?? 0;
  const encoded = pssEncode(hash, modulusBits);
  // The raw RSA operation needs the modulus' byte length; a modulus of 8k+1 bits has one more byte.
  const modulusBytes = Math.ceil(modulusBits / 8);
  const input = Buffer.concat([Buffer.alloc(modulusBytes - encoded.length), encoded]);
  return privateEncrypt({ key: privateKey, padding: constants.RSA_NO_PADDING }, input);
}
