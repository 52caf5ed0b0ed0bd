/**
 * A credential as CSC v2.0.0.2 describes it (`credentials/info`, 11.5), read before anyone is sent
 * anywhere: a key that is not `enabled`, a certificate that is revoked, suspended or outside its
 * validity (`cert/status`, `cert/validFrom`, `cert/validTo` in GeneralizedTime), an authorization mode
 * the caller cannot serve (`auth/mode`) or a key without an algorithm we can put into a CMS refuses the
 * credential with a reason; `credentialRefusalMessage` says it in German for the employee or for HR.
 */
import type * as pkijs from 'pkijs';
import { z } from 'zod';

import { parseCertificate } from './cades.js';
import { chooseSignAlgorithm, type SignAlgorithm } from './csc-algorithms.js';

/** `credentials/info` as the specification names its fields (unknown extra fields are the service's). */
export const CredentialInfoSchema = z.object({
  description: z.string().optional(),
  signatureQualifier: z.string().optional(),
  key: z.object({
    status: z.enum(['enabled', 'disabled']),
    algo: z.array(z.string()).min(1),
    len: z.number().int().positive(),
    curve: z.string().optional(),
  }),
  cert: z
    .object({
      status: z.enum(['valid', 'expired', 'revoked', 'suspended']).optional(),
      certificates: z.array(z.string()).optional(),
      issuerDN: z.string().optional(),
      serialNumber: z.string().optional(),
      subjectDN: z.string().optional(),
      validFrom: z.string().optional(),
      validTo: z.string().optional(),
    })
    .optional(),
  auth: z.object({
    mode: z.enum(['explicit', 'oauth2code']),
    expression: z.string().optional(),
    objects: z
      .array(
        z.object({
          type: z.string(),
          id: z.string(),
          format: z.string().optional(),
          label: z.string().optional(),
          description: z.string().optional(),
        }),
      )
      .optional(),
  }),
  /** Default "1" (11.5): the SAD is not bound to the hashes. */
  SCAL: z.enum(['1', '2']).default('1'),
  multisign: z.number().int().min(1),
  lang: z.string().optional(),
});

export type CredentialInfo = z.infer<typeof CredentialInfoSchema>;

export interface CscCredential {
  credentialID: string;
  signerCertificate: pkijs.Certificate;
  /** The rest of the chain as the service returned it (issuing CAs). */
  chain: pkijs.Certificate[];
  /** Chosen from `key/algo` and the certificate's key (csc-algorithms.ts). */
  signAlgorithm: SignAlgorithm;
  authMode: 'explicit' | 'oauth2code';
  /** "2": every authorization names the hashes it is good for. */
  scal: '1' | '2';
  /** What `credentials/authorize` needs in `authData` (explicit mode): the objects' ids. */
  authObjectIds: string[];
}

export type CredentialRefusalReason =
  | 'no-credential'
  | 'key-disabled'
  | 'cert-revoked'
  | 'cert-suspended'
  | 'cert-expired'
  | 'cert-not-yet-valid'
  | 'auth-mode'
  | 'auth-data'
  | 'algorithm';

/** The service holds no usable credential for this signature or seal: nothing was sent anywhere. */
export class CredentialRefusal extends Error {
  constructor(
    readonly reason: CredentialRefusalReason,
    detail: string,
  ) {
    super(`credential refused (${reason}): ${detail}`);
    this.name = 'CredentialRefusal';
  }
}

/** RFC 5280 GeneralizedTime `YYYYMMDDHHMMSSZ` (fractions allowed), as `cert/validFrom` and `validTo` are. */
export function parseGeneralizedTime(value: string): Date | null {
  const match = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(?:\.\d+)?Z$/.exec(value);
  if (!match) return null;
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = match.slice(1, 7).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  // Date.UTC rolls a 13th month or a 32nd day over: such a value is no date.
  return Number.isNaN(date.getTime()) || generalizedTime(date) !== `${value.slice(0, 14)}Z` ? null : date;
}

/** `Date` as GeneralizedTime (UTC, whole seconds). */
export function generalizedTime(date: Date): string {
  return `${date.toISOString().slice(0, 19).replace(/[-T:]/g, '')}Z`;
}

/**
 * The credential when it can sign now, else a `CredentialRefusal`. `authMode` is the mode the caller
 * can serve: the employee is sent to the service's page (oauth2code), the seal is authorized by the
 * platform itself (explicit).
 */
export function usableCredential(
  credentialID: string,
  info: CredentialInfo,
  expected: { authMode: 'explicit' | 'oauth2code'; now: Date },
): CscCredential {
  if (info.key.status !== 'enabled') throw new CredentialRefusal('key-disabled', `key/status ${info.key.status}`);
  const status = info.cert?.status;
  if (status === 'revoked') throw new CredentialRefusal('cert-revoked', 'cert/status revoked');
  if (status === 'suspended') throw new CredentialRefusal('cert-suspended', 'cert/status suspended');
  if (status === 'expired') throw new CredentialRefusal('cert-expired', 'cert/status expired');
  const [signer, ...chain] = (info.cert?.certificates ?? []).map((b64) => parseCertificate(Buffer.from(b64, 'base64')));
  if (!signer) throw new CredentialRefusal('no-credential', 'credential without certificate');
  // The service's dates, else the certificate's own: a service may leave certInfo out.
  const validFrom = info.cert?.validFrom ? parseGeneralizedTime(info.cert.validFrom) : signer.notBefore.value;
  const validTo = info.cert?.validTo ? parseGeneralizedTime(info.cert.validTo) : signer.notAfter.value;
  if (!validFrom || !validTo)
    throw new CredentialRefusal('no-credential', 'cert/validFrom or validTo not GeneralizedTime');
  const earliest = Math.max(validFrom.getTime(), signer.notBefore.value.getTime());
  const latest = Math.min(validTo.getTime(), signer.notAfter.value.getTime());
  if (expected.now.getTime() >= latest)
    throw new CredentialRefusal('cert-expired', `valid to ${validTo.toISOString()}`);
  if (expected.now.getTime() < earliest) {
    throw new CredentialRefusal('cert-not-yet-valid', `valid from ${validFrom.toISOString()}`);
  }
  if (info.auth.mode !== expected.authMode) {
    throw new CredentialRefusal('auth-mode', `auth/mode ${info.auth.mode}, needed ${expected.authMode}`);
  }
  const signAlgorithm = chooseSignAlgorithm(info.key.algo, signer);
  if (!signAlgorithm) throw new CredentialRefusal('algorithm', `no usable algorithm in ${info.key.algo.join(', ')}`);
  return {
    credentialID,
    signerCertificate: signer,
    chain,
    signAlgorithm,
    authMode: info.auth.mode,
    scal: info.SCAL,
    authObjectIds: (info.auth.objects ?? []).map((o) => o.id),
  };
}

const SUPPORT = 'Bitte wenden Sie sich an den Support.';

/** What the employee (`signer`) or HR (`seal`) reads when the credential cannot be used. */
export function credentialRefusalMessage(reason: CredentialRefusalReason, who: 'signer' | 'seal'): string {
  const whose = who === 'signer' ? 'Ihr Signaturzertifikat' : 'Das Siegelzertifikat Ihres Unternehmens';
  const key = who === 'signer' ? 'Ihr Signaturschlüssel' : 'Der Siegelschlüssel Ihres Unternehmens';
  const outcome =
    who === 'signer'
      ? 'Der Vertrag kann damit nicht signiert werden.'
      : 'Die Bestellung kann so nicht freigegeben werden.';
  const messages: Record<CredentialRefusalReason, string> = {
    'no-credential':
      who === 'signer'
        ? 'Der Vertrauensdienst führt für Sie kein Signaturzertifikat.'
        : 'Der Vertrauensdienst führt für Ihr Unternehmen kein Siegelzertifikat.',
    'key-disabled': `${key} ist beim Vertrauensdienst gesperrt.`,
    'cert-revoked': `${whose} wurde vom Vertrauensdienst widerrufen.`,
    'cert-suspended': `${whose} ist beim Vertrauensdienst vorübergehend gesperrt.`,
    'cert-expired': `${whose} ist abgelaufen.`,
    'cert-not-yet-valid': `${whose} ist noch nicht gültig.`,
    'auth-mode': `${whose} verlangt eine Freigabe, die diese Plattform nicht anbietet.`,
    'auth-data': `Für ${who === 'signer' ? 'Ihr Signaturzertifikat' : 'das Siegelzertifikat Ihres Unternehmens'} fehlen die Zugangsdaten der Plattform.`,
    algorithm: `${whose} nutzt ein Signaturverfahren, das diese Plattform nicht unterstützt.`,
  };
  return `${messages[reason]} ${outcome} ${SUPPORT}`;
}
