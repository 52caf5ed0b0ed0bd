/**
 * The development trust service's state in DATA_DIR/secrets: its test PKI, an HMAC key for its
 * stateless authorization codes, tokens and SADs, its enrolled users (user id → the name a certificate
 * carries) and one credential (key and certificate) per user. Files, not process memory, so every
 * instance sharing DATA_DIR serves the same credentials.
 */
import { createHash, randomBytes } from 'node:crypto';
import { link, mkdir, readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
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

/** Whom a credential belongs to: a person (signature) or an organisation (seal, `organization` set). */
export interface EnrolledSubject {
  commonName: string;
  organization?: string;
}

export interface TrustServiceCredential {
  id: string;
  keyed: KeyedCertificate;
  userID: string;
  subject: EnrolledSubject;
}

export interface TrustServiceState {
  pki: TestPki;
  /** HMAC key for authorization codes, access tokens and SADs. */
  tokenKey: Buffer;
  /**
   * Registers a user as a QTSP's registration authority does after an identification: the name the
   * certificate will carry. Enrolling again with another name issues a new certificate on next use.
   */
  enrol(userID: string, subject: EnrolledSubject): Promise<void>;
  /** The credential of an enrolled user (issued on first use), null for a user nobody enrolled. */
  credential(userID: string): Promise<TrustServiceCredential | null>;
  /** The credential by id, or null when it was never issued. */
  credentialById(id: string): Promise<TrustServiceCredential | null>;
  /**
   * True the first time an authorization code, a credential token or a SAD is redeemed, false on every
   * later attempt, on any instance sharing the directory: a code is used once (RFC 6749 4.1.2), and an
   * authorization for these hashes signs them once.
   */
  redeemOnce(token: string): Promise<boolean>;
}

/** A redeemed token's marker outlives the token (five minutes) and is then swept. */
const REDEEMED_KEPT_MS = 10 * 60 * 1000;

/** Markers of redeemed tokens, one empty file each, created exclusively (O_EXCL) so one use wins. */
function redemptions(dir: string) {
  let lastSweep = 0;
  const sweep = async (now: number) => {
    if (now - lastSweep < REDEEMED_KEPT_MS) return;
    lastSweep = now;
    for (const name of await readdir(dir)) {
      const file = path.join(dir, name);
      const info = await stat(file).catch(() => null);
      if (info && now - info.mtimeMs > REDEEMED_KEPT_MS) await unlink(file).catch(() => undefined);
    }
  };
  return async (token: string): Promise<boolean> => {
    await sweep(Date.now());
    const name = createHash('sha256').update(token).digest('hex');
    try {
      await writeFile(path.join(dir, name), '', { flag: 'wx', mode: 0o600 });
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw error;
    }
  };
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

/** A user's credential id: derived from the user id, so every instance names it alike. */
export function credentialIdFor(userID: string): string {
  return `sim-${createHash('sha256').update(userID.normalize('NFC')).digest('hex').slice(0, 32)}`;
}

interface StoredUser {
  userID: string;
  subject: EnrolledSubject;
}

const sameSubject = (a: EnrolledSubject, b: EnrolledSubject) =>
  a.commonName === b.commonName && (a.organization ?? '') === (b.organization ?? '');

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
  /**
   * A credential's file is named by what it must match (the issuing CA, the enrolled name): a new CA
   * or a new name is a new file, so parallel first uses only ever create one (`writeOnce`) and never
   * overwrite a key another request already used.
   */
  const credentialFile = (id: string, user: StoredUser) => {
    const version = createHash('sha256')
      .update(`${pki.issuing.certificate.serialNumber}|${user.subject.commonName}|${user.subject.organization ?? ''}`)
      .digest('hex')
      .slice(0, 16);
    return path.join(dir, 'credentials', `${id}-${version}.json`);
  };
  const userFile = (id: string) => path.join(dir, 'users', `${id}.json`);
  await mkdir(path.join(dir, 'users'), { recursive: true, mode: 0o700 });
  await mkdir(path.join(dir, 'redeemed'), { recursive: true, mode: 0o700 });
  /** The stored key and certificate, when they chain to the current CA and carry the user's name. */
  const issued = async (id: string, user: StoredUser): Promise<KeyedCertificate | null> => {
    const found = await readJson<StoredKeyedCertificate>(credentialFile(id, user));
    if (!found) return null;
    const keyed = await loadKeyed(found);
    // A credential of a replaced PKI does not chain to the current root: treated as absent.
    const current = await keyed.certificate.verify({
      publicKey: pki.issuing.certificate.publicKey,
      signatureOnly: true,
    });
    const named = keyed.certificate.subjectName.getField('CN')[0] === user.subject.commonName;
    return current && named ? keyed : null;
  };
  const credentialById = async (id: string): Promise<TrustServiceCredential | null> => {
    if (!/^sim-[0-9a-f]{32}$/.test(id)) return null;
    const user = await readJson<StoredUser>(userFile(id));
    const keyed = user ? await issued(id, user) : null;
    return user && keyed ? { id, keyed, userID: user.userID, subject: user.subject } : null;
  };
  return {
    pki,
    tokenKey: Buffer.from(stored.tokenKey, 'hex'),
    credentialById,
    redeemOnce: redemptions(path.join(dir, 'redeemed')),
    async enrol(userID, subject) {
      const id = credentialIdFor(userID);
      const known = await readJson<StoredUser>(userFile(id));
      if (known && sameSubject(known.subject, subject)) return;
      await writeAtomically(userFile(id), JSON.stringify({ userID, subject } satisfies StoredUser));
    },
    async credential(userID) {
      const id = credentialIdFor(userID);
      const user = await readJson<StoredUser>(userFile(id));
      if (!user) return null;
      const existing = await issued(id, user);
      if (existing) return { id, keyed: existing, userID, subject: user.subject };
      const keyed = await issueSignerCertificate(pki, user.subject);
      // Parallel first uses (a seal for several approvals at once) must agree on one key and certificate.
      await writeOnce(credentialFile(id, user), JSON.stringify(storeKeyed(keyed)));
      return (await credentialById(id)) ?? { id, keyed, userID, subject: user.subject };
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
