import { z } from 'zod/mini';

import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './limits.js';

/**
 * The most common passwords that satisfy the length rule (from public breach top lists such as
 * NCSC's "100k most common" and SecLists' top-10k), lower-cased. A short deny-list: length is the
 * main defence (NIST SP 800-63B 3.1.1.2).
 */
const COMMON_PASSWORDS = new Set([
  '12345678',
  '123456789',
  '1234567890',
  '12345678910',
  '123123123',
  '11111111',
  '00000000',
  '87654321',
  'password',
  'password1',
  'password123',
  'passwort',
  'passwort1',
  'passwort123',
  'qwertz123',
  'qwertzui',
  'qwertyui',
  'qwerty123',
  'qwertyuiop',
  '1q2w3e4r',
  '1q2w3e4r5t',
  'iloveyou',
  'sunshine',
  'princess',
  'football',
  'baseball',
  'welcome1',
  'willkommen',
  'hallo123',
  'hallohallo',
  'schalke04',
  'fussball',
  'abc12345',
  'abcd1234',
  'aa123456',
  'asdfghjk',
  'asdf1234',
  'letmein1',
  'superman',
  'starwars',
  'dragon12',
  'master12',
  'trustno1',
  'admin123',
  'administrator',
  'changeme',
  'geheim123',
  'sommer2024',
  'sommer2025',
  'winter2025',
  'sommer2026',
  'winter2026',
  'test1234',
  'testtest',
  'computer',
  'internet',
  'mustermann',
  'michael1',
  'schatz123',
  'ficken123',
  'lol12345',
  'zxcvbnm1',
  'q1w2e3r4',
  'passw0rd',
]);

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}

/**
 * Password rules shared by registration, reset and the set-password screens. Messages are the spec's
 * English originals (translated by the web app).
 */
export const PasswordSchema = z.string({ error: 'Password is required' }).check(
  z.minLength(1, 'Password is required'),
  z.minLength(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`),
  z.maxLength(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`),
  z.refine((p) => !isCommonPassword(p), 'Password is too common'),
);
