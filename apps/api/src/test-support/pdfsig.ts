/**
 * Checks of signed PDFs with tools that share no code with ours: poppler's `pdfsig` (NSS underneath,
 * with a database that trusts a given root) and `openssl cms`.
 */
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { PDFDocument } from 'pdf-lib';

import { signaturesOf, trimDer } from '../modules/signing/dss.js';
import { signedBytes } from '../modules/signing/pdf-signature-field.js';

/** An NSS database in `dir/nss` that trusts `rootPem` for signatures. */
export function nssDatabaseTrusting(dir: string, rootPem: string): string {
  const nssDir = path.join(dir, 'nss');
  mkdirSync(nssDir, { recursive: true });
  execFileSync('certutil', ['-N', '-d', `sql:${nssDir}`, '--empty-password']);
  const rootFile = path.join(dir, 'root.pem');
  writeFileSync(rootFile, rootPem);
  execFileSync('certutil', ['-A', '-d', `sql:${nssDir}`, '-n', 'test-root', '-t', 'CT,C,C', '-i', rootFile]);
  return nssDir;
}

/** pdfsig's report; with `nssDir`, certificates are checked against that database. */
export function pdfsig(file: string, nssDir?: string): string {
  const args = nssDir ? ['-nssdir', `sql:${nssDir}`, file] : [file];
  try {
    return execFileSync('pdfsig', args, { encoding: 'utf8' });
  } catch (error) {
    // pdfsig exits non-zero for invalid signatures; its report is still on stdout.
    return String((error as { stdout?: string }).stdout ?? '');
  }
}

/**
 * The DER CMS of the first signature, cut at the length its own ASN.1 header gives (the zero padding
 * of /Contents removed; a CMS that happens to end in a zero byte stays whole).
 */
export function extractFirstCms(pdf: Buffer): Buffer {
  const match = /\/Contents <([0-9a-f]+)>/.exec(pdf.toString('latin1'));
  if (!match?.[1]) throw new Error('no /Contents');
  return trimDer(Buffer.from(match[1], 'hex'));
}

/** `openssl cms -cmsout -print` of a DER CMS. */
export function opensslPrintCms(dir: string, cms: Buffer): string {
  const file = path.join(dir, `signature-${Date.now()}.p7s`);
  writeFileSync(file, cms);
  return execFileSync('openssl', ['cms', '-cmsout', '-print', '-inform', 'DER', '-in', file], { encoding: 'utf8' });
}

/** A copy with one digit of the page size changed (a byte inside the first signed range). */
export function withOneByteChanged(pdf: Buffer): Buffer {
  const tampered = Buffer.from(pdf);
  const at = tampered.indexOf('/MediaBox [ 0 0 ') + '/MediaBox [ 0 0 '.length;
  if (at < 20) throw new Error('no MediaBox to change');
  tampered[at] = tampered[at] === 0x36 ? 0x37 : 0x36;
  return tampered;
}

/**
 * pdfsig without blocking this process: NSS may fetch what certificates point to (revocation data,
 * issuers), and when that is the development trust service in this very process, it must answer.
 */
export function pdfsigAsync(file: string, nssDir: string): Promise<string> {
  const args = ['-nssdir', `sql:${nssDir}`, file];
  return new Promise((resolve) => {
    execFile('pdfsig', args, { encoding: 'utf8', timeout: 60_000 }, (_error, stdout) => resolve(String(stdout)));
  });
}

/** A command's exit and its whole output (openssl prints "verify OK" on stderr). */
export function run(command: string, args: string[]): { ok: boolean; output: string } {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}` };
}

/**
 * `openssl ts -verify` of the document timestamp (the file's last signature) over its byte ranges
 * against `rootPem`; poppler cannot validate RFC 3161 document timestamps itself. Files go to `dir`.
 */
export async function verifyDocumentTimestamp(
  pdf: Uint8Array,
  dir: string,
  rootPem: string,
  name: string,
): Promise<{ ok: boolean; output: string }> {
  const last = signaturesOf(await PDFDocument.load(pdf, { updateMetadata: false })).at(-1);
  if (!last) throw new Error('no signature');
  const ranges = /\/ByteRange \[(\d+) (\d+) (\d+) (\d+)\s*\]/g;
  const text = Buffer.from(pdf).toString('latin1');
  const range = [...text.matchAll(ranges)].at(-1)?.slice(1).map(Number) ?? [];
  const token = path.join(dir, `${name}.tst`);
  const data = path.join(dir, `${name}.data`);
  const root = path.join(dir, 'timestamp-root-ca.pem');
  writeFileSync(token, last.cms);
  writeFileSync(data, signedBytes(pdf, range));
  writeFileSync(root, rootPem);
  return run('openssl', ['ts', '-verify', '-data', data, '-in', token, '-token_in', '-CAfile', root]);
}
