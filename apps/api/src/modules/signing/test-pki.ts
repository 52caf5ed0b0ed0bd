/**
 * A test PKI for development and tests: root CA, issuing CA, a time-stamp authority and per-signer
 * certificates. Every name carries "TEST" and "nicht qualifiziert": nothing issued here may ever pass for
 * a qualified certificate. Production uses a real QTSP's certificates and never this file.
 */
// @peculiar/x509 resolves its ASN.1 parsers through tsyringe, which needs the Reflect metadata API.
import 'reflect-metadata';

import { createPrivateKey, randomBytes, webcrypto, type KeyObject } from 'node:crypto';

import * as x509 from '@peculiar/x509';

const KEY_ALGORITHM = {
  name: 'RSASSA-PKCS1-v1_5',
  hash: 'SHA-256',
  publicExponent: new Uint8Array([1, 0, 1]),
  modulusLength: 2048,
} as const;

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/** A certificate with its private key, as the signing code and the simulator use them. */
export interface KeyedCertificate {
  certificate: x509.X509Certificate;
  /** Node key for raw PKCS#1 v1.5 signing of a hash (CSC signHash). */
  privateKey: KeyObject;
  /** WebCrypto key, for issuing certificates. */
  cryptoKey: CryptoKey;
}

export interface TestPki {
  root: KeyedCertificate;
  issuing: KeyedCertificate;
  tsa: KeyedCertificate;
  /**
   * Base URL of the service that answers for this PKI (CRLs at `/crl/root.crl` and `/crl/issuing.crl`,
   * CA certificates at `/ca/root.cer` and `/ca/issuing.cer`, an OCSP responder at `/ocsp`): certificates
   * issued below the root name their CRL (cRLDistributionPoints) and their issuer's certificate
   * (authorityInfoAccess caIssuers). Absent: certificates without these pointers.
   */
  serviceUrl?: string;
}

/**
 * cRLDistributionPoints (RFC 5280 4.2.1.13) and authorityInfoAccess caIssuers (4.2.2.1). No OCSP URL in
 * the certificates: NSS (poppler's pdfsig 22.12) stops trusting a certificate that names an OCSP
 * responder, with or without its online check (ADR 0034); the responder still answers at `/ocsp`.
 */
function revocationPointers(serviceUrl: string | undefined, issuer: 'root' | 'issuing'): x509.Extension[] {
  if (!serviceUrl) return [];
  const base = serviceUrl.replace(/\/+$/, '');
  return [
    new x509.AuthorityInfoAccessExtension({ caIssuers: `${base}/ca/${issuer}.cer` }),
    new x509.CRLDistributionPointsExtension([`${base}/crl/${issuer}.crl`]),
  ];
}

type CryptoKey = webcrypto.CryptoKey;
type CryptoKeyPair = webcrypto.CryptoKeyPair;

x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);

async function generateKeys(): Promise<CryptoKeyPair> {
  return (await webcrypto.subtle.generateKey(KEY_ALGORITHM, true, ['sign', 'verify'])) as CryptoKeyPair;
}

async function toKeyObject(key: CryptoKey): Promise<KeyObject> {
  const pkcs8 = await webcrypto.subtle.exportKey('pkcs8', key);
  return createPrivateKey({ key: Buffer.from(pkcs8), format: 'der', type: 'pkcs8' });
}

function serial(): string {
  // Positive, 16 random bytes (CA/B-Forum style): the high bit cleared keeps the DER integer positive.
  const bytes = randomBytes(16);
  bytes[0] = (bytes[0] ?? 0) & 0x7f;
  return bytes.toString('hex');
}

/** RFC 4514 names need ',', '+', '"', '\\', '<', '>', ';' and '=' escaped. */
export function escapeDnValue(value: string): string {
  return value.replace(/[,+"\\<>;=]/g, (char) => `\\${char}`).replace(/^[ #]|[ ]$/g, (char) => `\\${char}`);
}

/**
 * Test certificates are valid from three years back: the development service also signs for
 * simulated clocks (tests, demos set in the past), whose timestamps must fall in the validity.
 */
const BACKDATED_VALIDITY_MS = 3 * 365 * 24 * 60 * 60_000;

async function issue(
  subject: string,
  issuer: KeyedCertificate | null,
  extensions: x509.Extension[],
  lifetimeMs: number,
  now: Date,
): Promise<KeyedCertificate> {
  const keys = await generateKeys();
  const common = {
    serialNumber: serial(),
    notBefore: new Date(now.getTime() - BACKDATED_VALIDITY_MS),
    notAfter: new Date(now.getTime() + lifetimeMs),
    signingAlgorithm: KEY_ALGORITHM,
  };
  const ski = await x509.SubjectKeyIdentifierExtension.create(keys.publicKey);
  const certificate = issuer
    ? await x509.X509CertificateGenerator.create({
        ...common,
        subject,
        issuer: issuer.certificate.subject,
        publicKey: keys.publicKey,
        signingKey: issuer.cryptoKey,
        extensions: [...extensions, ski, await x509.AuthorityKeyIdentifierExtension.create(issuer.certificate)],
      })
    : await x509.X509CertificateGenerator.createSelfSigned({
        ...common,
        name: subject,
        keys,
        extensions: [...extensions, ski],
      });
  return { certificate, cryptoKey: keys.privateKey, privateKey: await toKeyObject(keys.privateKey) };
}

const caExtensions = (pathLength?: number) => [
  new x509.BasicConstraintsExtension(true, pathLength, true),
  new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
];

export async function createTestPki(now = new Date(), serviceUrl?: string): Promise<TestPki> {
  const root = await issue(
    'CN=Leasing Simulator TEST Root CA (nicht qualifiziert), O=TEST, C=DE',
    null,
    caExtensions(1),
    20 * YEAR_MS,
    now,
  );
  const issuing = await issue(
    'CN=Leasing Simulator TEST Issuing CA (nicht qualifiziert), O=TEST, C=DE',
    root,
    [...caExtensions(0), ...revocationPointers(serviceUrl, 'root')],
    10 * YEAR_MS,
    now,
  );
  const tsa = await issue(
    'CN=Leasing Simulator TEST TSA (nicht qualifiziert), O=TEST, C=DE',
    issuing,
    [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.timeStamping], true),
      ...revocationPointers(serviceUrl, 'issuing'),
    ],
    10 * YEAR_MS,
    now,
  );
  return { root, issuing, tsa, ...(serviceUrl ? { serviceUrl } : {}) };
}

/**
 * A signer's certificate in the signer's own name (for a seal: the company's name in O and CN).
 * keyUsage nonRepudiation marks it for signatures with legal effect, as QTSPs issue them.
 */
export function issueSignerCertificate(
  pki: TestPki,
  signer: { commonName: string; organization?: string },
  now = new Date(),
): Promise<KeyedCertificate> {
  const organization = signer.organization ? `, O=${escapeDnValue(signer.organization)}` : '';
  return issue(
    `CN=${escapeDnValue(signer.commonName)}${organization}, OU=TEST (nicht qualifiziert), C=DE`,
    pki.issuing,
    [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.nonRepudiation, true),
      ...revocationPointers(pki.serviceUrl, 'issuing'),
    ],
    2 * YEAR_MS,
    now,
  );
}

/** The CRL distribution point a certificate names, if any (used to tell old PKI files from current ones). */
export function crlUrlOf(certificate: x509.X509Certificate): string | null {
  const points = certificate.getExtension(x509.CRLDistributionPointsExtension);
  const name = points?.distributionPoints[0]?.distributionPoint?.fullName?.[0]?.uniformResourceIdentifier;
  return name ?? null;
}

/**
 * A CRL of `ca` (RFC 5280 5): valid for a day, with the CRL number and the authority key identifier a
 * conforming CA includes, listing `revokedSerials` (hex).
 */
export async function issueCrl(ca: KeyedCertificate, now = new Date(), revokedSerials: string[] = []): Promise<Buffer> {
  // crlNumber: monotonic per CA; the issue time in seconds is, for a development CA.
  const crlNumber = new x509.Extension('2.5.29.20', false, toDerInteger(Math.floor(now.getTime() / 1000)));
  const crl = await x509.X509CrlGenerator.create({
    issuer: ca.certificate.subject,
    thisUpdate: now,
    nextUpdate: new Date(now.getTime() + 24 * 60 * 60 * 1000),
    signingAlgorithm: KEY_ALGORITHM,
    signingKey: ca.cryptoKey,
    // With a reason code: an entry without extensions would carry an empty (invalid) extensions list.
    entries: revokedSerials.map((serialNumber) => ({
      serialNumber,
      revocationDate: now,
      reason: x509.X509CrlReason.cessationOfOperation,
    })),
    extensions: [await x509.AuthorityKeyIdentifierExtension.create(ca.certificate), crlNumber],
  });
  return Buffer.from(crl.rawData);
}

function toDerInteger(value: number): ArrayBuffer {
  let hex = value.toString(16);
  if (hex.length % 2) hex = `0${hex}`;
  if (parseInt(hex.slice(0, 2), 16) & 0x80) hex = `00${hex}`;
  const body = Buffer.from(hex, 'hex');
  const der = Buffer.concat([Buffer.from([0x02, body.length]), body]);
  return der.buffer.slice(der.byteOffset, der.byteOffset + der.byteLength) as ArrayBuffer;
}

/** A keyed certificate as stored in DATA_DIR/secrets (PEM certificate, PKCS#8 key). */
export interface StoredKeyedCertificate {
  certificate: string;
  privateKey: string;
}

export function storeKeyed(keyed: KeyedCertificate): StoredKeyedCertificate {
  return {
    certificate: keyed.certificate.toString('pem'),
    privateKey: keyed.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
  };
}

export async function loadKeyed(stored: StoredKeyedCertificate): Promise<KeyedCertificate> {
  const privateKey = createPrivateKey(stored.privateKey);
  const der = privateKey.export({ format: 'der', type: 'pkcs8' });
  const cryptoKey = await webcrypto.subtle.importKey('pkcs8', der, KEY_ALGORITHM, true, ['sign']);
  return { certificate: new x509.X509Certificate(stored.certificate), privateKey, cryptoKey };
}
