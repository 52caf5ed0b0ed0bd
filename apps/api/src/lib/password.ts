import { hash, verify } from '@node-rs/argon2';

/**
 * Password hashing with argon2id at the OWASP Password Storage Cheat Sheet's minimum
 * (m = 19 MiB, t = 2, p = 1). The PHC string stores algorithm, parameters and salt with the hash,
 * so parameters can be raised later without invalidating old hashes.
 */
const ARGON2ID_OPTIONS = {
  // Algorithm.Argon2id: the const enum cannot be imported under verbatimModuleSyntax.
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2ID_OPTIONS);
}

/**
 * A hash of a random password, verified for unknown users so that "no such user" takes as long
 * as "wrong password" (no account enumeration by timing).
 */
let dummyHash: Promise<string> | undefined;
function getDummyHash(): Promise<string> {
  dummyHash ??= hash(crypto.randomUUID(), ARGON2ID_OPTIONS);
  return dummyHash;
}

export async function verifyPassword(storedHash: string | null | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    await verify(await getDummyHash(), password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

/** Warm the dummy hash at start-up so the first unknown-user login is not faster. */
export async function warmPasswordHasher(): Promise<void> {
  await getDummyHash();
}
