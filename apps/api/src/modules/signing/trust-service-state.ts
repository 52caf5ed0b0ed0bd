/**
 * The development trust service's state in DATA_DIR/secrets: its test PKI, an HMAC key for its
 * stateless authorization codes and tokens, and one credential (key and certificate) per signer. Files,
 * not process memory, so every instance sharing DATA_DIR serves the same credentials.
 */
import { createHash, randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

import {
  createTestPki,
  issueSignerCertificate,
  loadKeyed,
  crlUrlOf,
  storeKeyed,
  type KeyedCertificate,
  type StoredKeyedCertificate,
  type TestPki,
} from './test-pki.js';

interface StoredPki {
  root: StoredKeyedCertificate;
  issuing: StoredKeyedCertificate;
  tsa: StoredKeyedCertificate;
  tokenKey: string;
}

export interface TrustServiceState {
  pki: TestPki;
  /** HMAC key for authorization codes and access tokens. */
  tokenKey: Buffer;
  /** The credential of a signer (created on first use); the id is derived from the signer's name. */
  credential(signerName: string): Promise<{ id: string; keyed: KeyedCertificate }>;
  /** The credential by id, or null when it was never created. */
  credentialById(id: string): Promise<KeyedCertificate | null>;
}

async function writeAtomically(file: string, content: string): Promise<void> {
  const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(temporary, content, { mode: 0o600 });
  await rename(temporary, file);
}

/** Writes `file` only if it does not exist yet: of two parallel first uses, the first file stays. */
async function writeOnce(file: string, content: string): Promise<void> {
  const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(temporary, content, { mode: 0o600 });
  try {
    await link(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await unlink(temporary);
  }
}

async function readJson<T>(file: string): Promise<T | null> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as T;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

export function credentialIdFor(signerName: string): string {
  return `sim-${createHash('sha256').update(signerName.normalize('NFC')).digest('hex').slice(0, 32)}`;
}

/** A user id with this prefix names an organisation's seal credential (certificate in the company's name). */
export const SEAL_USER_PREFIX = 'seal:';

function signerSubject(userID: string): { commonName: string; organization?: string } {
  if (!userID.startsWith(SEAL_USER_PREFIX)) return { commonName: userID };
  const company = userID.slice(SEAL_USER_PREFIX.length);
  return { commonName: company, organization: company };
}

export interface TrustServiceStateOptions {
  /**
   * The trust service's public base URL (…/simulator): certificates name its OCSP responder and CA
   * certificates. PKI files without these pointers, or with another base, are replaced.
   */
  serviceUrl?: string;
}

async function isCurrent(stored: StoredPki, serviceUrl: string | undefined): Promise<boolean> {
  if (!serviceUrl) return true;
  const issuing = await loadKeyed(stored.issuing).catch(() => null);
  return issuing !== null && crlUrlOf(issuing.certificate) === `${serviceUrl.replace(/\/+$/, '')}/crl/root.crl`;
}

export async function loadTrustServiceState(
  secretsDir: string,
  options: TrustServiceStateOptions = {},
): Promise<TrustServiceState> {
  const dir = path.join(secretsDir, 'trust-service');
  await mkdir(path.join(dir, 'credentials'), { recursive: true, mode: 0o700 });
  const pkiFile = path.join(dir, 'pki.json');
  let stored = await readJson<StoredPki>(pkiFile);
  if (!stored || !(await isCurrent(stored, options.serviceUrl))) {
    // First start, or files from before certificates carried revocation pointers: a new PKI. Old
    // credentials were issued by the old CA and are reissued on their next use (see credentialById).
    const fresh = await createTestPki(new Date(), options.serviceUrl);
    stored = {
      root: storeKeyed(fresh.root),
      issuing: storeKeyed(fresh.issuing),
      tsa: storeKeyed(fresh.tsa),
      tokenKey: stored?.tokenKey ?? randomBytes(32).toString('hex'),
    };
    await writeAtomically(pkiFile, JSON.stringify(stored));
    // Two instances starting at once: the file that won the rename is the PKI for both.
    stored = (await readJson<StoredPki>(pkiFile)) ?? stored;
  }
  const pki: TestPki = {
    root: await loadKeyed(stored.root),
    issuing: await loadKeyed(stored.issuing),
    tsa: await loadKeyed(stored.tsa),
    ...(options.serviceUrl ? { serviceUrl: options.serviceUrl } : {}),
  };
  const credentialFile = (id: string) => path.join(dir, 'credentials', `${id}.json`);
  const credentialById = async (id: string) => {
    if (!/^sim-[0-9a-f]{32}$/.test(id)) return null;
    const found = await readJson<StoredKeyedCertificate>(credentialFile(id));
    if (!found) return null;
    const keyed = await loadKeyed(found);
    // A credential of a replaced PKI does not chain to the current root: treated as absent.
    const current = await keyed.certificate.verify({
      publicKey: pki.issuing.certificate.publicKey,
      signatureOnly: true,
    });
    return current ? keyed : null;
  };
  return {
    pki,
    tokenKey: Buffer.from(stored.tokenKey, 'hex'),
    credentialById,
    async credential(signerName) {
      const id = credentialIdFor(signerName);
      const existing = await credentialById(id);
      if (existing) return { id, keyed: existing };
      const keyed = await issueSignerCertificate(pki, signerSubject(signerName));
      // Parallel first uses (a seal for several approvals at once) must agree on one key and certificate.
      await writeOnce(credentialFile(id), JSON.stringify(storeKeyed(keyed)));
      return { id, keyed: (await credentialById(id)) ?? keyed };
    },
  };
}

/** One state per secrets directory, loaded once per process on first use. */
export function lazyTrustServiceState(
  secretsDir: string,
  options: TrustServiceStateOptions | (() => TrustServiceStateOptions) = {},
): () => Promise<TrustServiceState> {
  let loading: Promise<TrustServiceState> | null = null;
  return () => {
    loading ??= loadTrustServiceState(secretsDir, typeof options === 'function' ? options() : options).catch(
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };
}
