/**
 * CAdES-detached CMS for PAdES (ETSI EN 319 122-1 / EN 319 142-1), built from a signature value computed
 * elsewhere: the remote signer (CSC `signHash`) only ever sees the SHA-256 of the signed attributes.
 *
 * Signed attributes are those PAdES baseline B-B asks for: contentType, messageDigest and
 * signingCertificateV2. The signing time is the /M entry of the signature dictionary: EN 319 142-1
 * (5.3, B-B) forbids the CMS signing-time attribute in PAdES. The signature timestamp (B-T) is an
 * unsigned attribute added after signing (`withSignatureTimestamp`).
 */
import { createHash } from 'node:crypto';

import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

export const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  tstInfo: '1.2.840.113549.1.9.16.1.4',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  signatureTimeStampToken: '1.2.840.113549.1.9.16.2.14',
  sha256: '2.16.840.1.101.3.4.2.1',
  rsaEncryption: '1.2.840.113549.1.1.1',
  sha256WithRsa: '1.2.840.113549.1.1.11',
} as const;

export function sha256(data: Uint8Array): Buffer {
  return createHash('sha256').update(data).digest();
}

export function toArrayBuffer(data: Uint8Array): ArrayBuffer {
  return data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer;
}

export function parseCertificate(der: Uint8Array): pkijs.Certificate {
  return pkijs.Certificate.fromBER(toArrayBuffer(der));
}

/** ESS signingCertificateV2 (RFC 5035): binds the signer's certificate into what is signed. */
function signingCertificateV2(certificate: pkijs.Certificate): asn1js.Sequence {
  const certHash = sha256(new Uint8Array(certificate.toSchema().toBER()));
  const issuerSerial = new asn1js.Sequence({
    value: [
      new asn1js.Sequence({
        value: [
          new asn1js.Constructed({
            idBlock: { tagClass: 3, tagNumber: 4 },
            value: [certificate.issuer.toSchema()],
          }),
        ],
      }),
      certificate.serialNumber,
    ],
  });
  // hashAlgorithm is omitted: SHA-256 is its DER default.
  const essCertIdV2 = new asn1js.Sequence({
    value: [new asn1js.OctetString({ valueHex: toArrayBuffer(certHash) }), issuerSerial],
  });
  return new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [essCertIdV2] })] });
}

export interface SignedAttributes {
  /** DER-sorted attributes, as they go into the SignerInfo. */
  attributes: pkijs.Attribute[];
  /** DER of the SET OF attributes: what the signature value is computed over. */
  der: Buffer;
  /** SHA-256 of `der`: the hash a CSC `signHash` call signs. */
  hashToSign: Buffer;
}

function attribute(type: string, value: asn1js.AsnType): pkijs.Attribute {
  return new pkijs.Attribute({ type, values: [value] });
}

/** The signed attributes over a content digest (the PDF's byte ranges, or a TSTInfo). */
export function buildSignedAttributes(input: {
  contentDigest: Uint8Array;
  signerCertificate: pkijs.Certificate;
  contentType?: string;
}): SignedAttributes {
  const unsorted = [
    attribute(OID.contentType, new asn1js.ObjectIdentifier({ value: input.contentType ?? OID.data })),
    attribute(OID.messageDigest, new asn1js.OctetString({ valueHex: toArrayBuffer(input.contentDigest) })),
    attribute(OID.signingCertificateV2, signingCertificateV2(input.signerCertificate)),
  ];
  // DER: the elements of a SET OF are ordered by their encodings.
  const encoded = unsorted
    .map((attr) => ({ attr, der: Buffer.from(attr.toSchema().toBER()) }))
    .sort((a, b) => Buffer.compare(a.der, b.der));
  const der = Buffer.from(new asn1js.Set({ value: encoded.map((e) => e.attr.toSchema()) }).toBER());
  return { attributes: encoded.map((e) => e.attr), der, hashToSign: sha256(der) };
}

export interface AssembleInput {
  signedAttributes: SignedAttributes;
  /** The signature over `signedAttributes.der` (its SHA-256 is what a remote signer saw). */
  signatureValue: Uint8Array;
  /**
   * How `signatureValue` was made (csc-algorithms.ts `cmsSignatureAlgorithm`): the verifier reads the
   * scheme and its parameters from here. Default: RSA PKCS#1 v1.5 (rsaEncryption, NULL parameters).
   */
  signatureAlgorithm?: pkijs.AlgorithmIdentifier;
  signerCertificate: pkijs.Certificate;
  /** The chain without the root (the verifier holds the trust anchor). */
  chain: pkijs.Certificate[];
  /** Encapsulated content (a TSTInfo); absent for a detached PDF signature. */
  encapsulated?: { contentType: string; content: Uint8Array };
}

/** A DER ContentInfo(SignedData) with one SignerInfo. */
export function assembleSignedData(input: AssembleInput): Buffer {
  const signer = input.signerCertificate;
  const signerInfo = new pkijs.SignerInfo({
    version: 1,
    sid: new pkijs.IssuerAndSerialNumber({ issuer: signer.issuer, serialNumber: signer.serialNumber }),
    digestAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256 }),
    signedAttrs: new pkijs.SignedAndUnsignedAttributes({ type: 0, attributes: input.signedAttributes.attributes }),
    signatureAlgorithm:
      input.signatureAlgorithm ??
      new pkijs.AlgorithmIdentifier({ algorithmId: OID.rsaEncryption, algorithmParams: new asn1js.Null() }),
    signature: new asn1js.OctetString({ valueHex: toArrayBuffer(input.signatureValue) }),
  });
  const encap = input.encapsulated;
  const signedData = new pkijs.SignedData({
    version: encap ? 3 : 1,
    digestAlgorithms: [new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256 })],
    encapContentInfo: new pkijs.EncapsulatedContentInfo(
      encap
        ? {
            eContentType: encap.contentType,
            eContent: new asn1js.OctetString({ valueHex: toArrayBuffer(encap.content) }),
          }
        : { eContentType: OID.data },
    ),
    certificates: [signer, ...input.chain],
    signerInfos: [signerInfo],
  });
  return encodeContentInfo(signedData);
}

function encodeContentInfo(signedData: pkijs.SignedData): Buffer {
  const contentInfo = new pkijs.ContentInfo({ contentType: OID.signedData, content: signedData.toSchema(true) });
  return Buffer.from(contentInfo.toSchema().toBER());
}

export function parseSignedData(der: Uint8Array): pkijs.SignedData {
  const contentInfo = pkijs.ContentInfo.fromBER(toArrayBuffer(der));
  if (contentInfo.contentType !== OID.signedData) throw new Error('not a CMS SignedData');
  return new pkijs.SignedData({ schema: contentInfo.content });
}

/** The signature value of the (only) SignerInfo: what an RFC 3161 signature timestamp is taken over. */
export function signatureValueOf(cmsDer: Uint8Array): Buffer {
  const signerInfo = parseSignedData(cmsDer).signerInfos[0];
  if (!signerInfo) throw new Error('CMS without SignerInfo');
  return Buffer.from(signerInfo.signature.valueBlock.valueHexView);
}

/** Adds an RFC 3161 token as the signature-time-stamp unsigned attribute (PAdES B-T). */
export function withSignatureTimestamp(cmsDer: Uint8Array, timeStampTokenDer: Uint8Array): Buffer {
  const signedData = parseSignedData(cmsDer);
  const signerInfo = signedData.signerInfos[0];
  if (!signerInfo) throw new Error('CMS without SignerInfo');
  const token = asn1js.fromBER(toArrayBuffer(timeStampTokenDer));
  if (token.offset === -1) throw new Error('time-stamp token is not DER');
  signerInfo.unsignedAttrs = new pkijs.SignedAndUnsignedAttributes({
    type: 1,
    attributes: [attribute(OID.signatureTimeStampToken, token.result)],
  });
  return encodeContentInfo(signedData);
}
