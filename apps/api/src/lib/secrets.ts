import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Reads a random secret kept in DATA_DIR/secrets, creating it on first use (mode 0600). Used when the
 * operator did not configure the secret: it never lives in the repository or the database.
 */
export function loadOrCreateSecret(dataDir: string, name: string, bytes = 32): Buffer {
  const dir = path.join(dataDir, 'secrets');
  const file = path.join(dir, `${name}.key`);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  try {
    fs.writeFileSync(file, crypto.randomBytes(bytes).toString('base64'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const secret = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  if (secret.length < bytes) throw new Error(`The secret file ${file} is damaged; remove it to create a new one`);
  return secret;
}
