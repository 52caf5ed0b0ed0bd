/**
 * RFC 3161 time-stamp protocol: the request a client sends to a TSA, the check of its answer, and a
 * responder (used by the development trust service; a real TSA answers in production).
 */
import { randomBytes, sign as rsaSign } from 'node:crypto';

import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

import { OID, assembleSignedData, buildSignedAttributes, parseCertificate, sha256, toArrayBuffer } from './cades.js';
import type { KeyedCertificate } from './test-pki.js';

export interface TimestampRequest {
  der: Buffer;
  nonce: Buffer;
  imprint: Buffer;
}

/** A request over SHA-256(data), with a nonce and the TSA's certificate asked for. */
export function buildTimestampRequest(data: Uint8Array): TimestampRequest {
  const imprint = sha256(data);
  const nonce = randomBytes(8);
  nonce[0] = (nonce[0] ?? 0) & 0x7f;
  const request = new pkijs.TimeStampReq({
    version: 1,
    messageImprint: new pkijs.MessageImprint({
      hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256 }),
      hashedMessage: new asn1js.OctetString({ valueHex: toArrayBuffer(imprint) }),
    }),
    nonce: new asn1js.Integer({ valueHex: toArrayBuffer(nonce) }),
    certReq: true,
  });
  return { der: Buffer.from(request.toSchema().toBER()), nonce, imprint };
}

function tstInfoOf(token: pkijs.ContentInfo): pkijs.TSTInfo {
  const signedData = new pkijs.SignedData({ schema: token.content });
  const content = signedData.encapContentInfo.eContent;
  if (signedData.encapContentInfo.eContentType !== OID.tstInfo || !content) {
    throw new Error('time-stamp token without TSTInfo');
  }
  return pkijs.TSTInfo.fromBER(content.getValue());
}

/**
 * Checks a TSA's answer against our request (status, imprint, nonce) and returns the token's DER.
 * The token's own signature and chain are checked by the verifier, as for any signature.
 */
export function acceptTimestampResponse(responseDer: Uint8Array, request: TimestampRequest): Buffer {
  const response = pkijs.TimeStampResp.fromBER(toArrayBuffer(responseDer));
  const status = response.status.status;
  if ((status !== 0 && status !== 1) || !response.timeStampToken) {
    throw new Error(`time-stamp authority refused the request (status ${status})`);
  }
  const info = tstInfoOf(response.timeStampToken);
  const imprint = Buffer.from(info.messageImprint.hashedMessage.valueBlock.valueHexView);
  if (!imprint.equals(request.imprint)) throw new Error('time stamp is over another hash');
  const nonce = info.nonce ? Buffer.from(info.nonce.valueBlock.valueHexView) : null;
  if (!nonce?.equals(request.nonce)) throw new Error('time stamp does not answer our nonce');
  return Buffer.from(response.timeStampToken.toSchema().toBER());
}

/** The generation time of a token (what a verifier shows as "timestamped at"). */
export function timestampTimeOf(tokenDer: Uint8Array): Date {
  return tstInfoOf(pkijs.ContentInfo.fromBER(toArrayBuffer(tokenDer))).genTime;
}

/** Test policy OID under the example arc (2.999): a development TSA has no real policy. */
const TEST_TSA_POLICY = '2.999.3161.1';

/** Answers a DER TimeStampReq with a granted TimeStampResp, signed by `tsa`. */
export function respondToTimestampRequest(
  requestDer: Uint8Array,
  tsa: KeyedCertificate,
  chain: KeyedCertificate[],
  now = new Date(),
): Buffer {
  const request = pkijs.TimeStampReq.fromBER(toArrayBuffer(requestDer));
  if (request.messageImprint.hashAlgorithm.algorithmId !== OID.sha256) {
    const rejection = new pkijs.TimeStampResp({ status: new pkijs.PKIStatusInfo({ status: 2 }) });
    return Buffer.from(rejection.toSchema().toBER());
  }
  const serial = randomBytes(12);
  serial[0] = (serial[0] ?? 0) & 0x7f;
  const info = new pkijs.TSTInfo({
    version: 1,
    policy: TEST_TSA_POLICY,
    messageImprint: request.messageImprint,
    serialNumber: new asn1js.Integer({ valueHex: toArrayBuffer(serial) }),
    genTime: now,
    ...(request.nonce ? { nonce: request.nonce } : {}),
  });
  const content = Buffer.from(info.toSchema().toBER());
  const tsaCertificate = parseCertificate(new Uint8Array(tsa.certificate.rawData));
  const signedAttributes = buildSignedAttributes({
    contentDigest: sha256(content),
    signerCertificate: tsaCertificate,
    contentType: OID.tstInfo,
  });
  const signatureValue = rsaSign('sha256', signedAttributes.der, tsa.privateKey);
  const token = assembleSignedData({
    signedAttributes,
    signatureValue,
    signerCertificate: tsaCertificate,
    chain: chain.map((c) => parseCertificate(new Uint8Array(c.certificate.rawData))),
    encapsulated: { contentType: OID.tstInfo, content },
  });
  const response = new asn1js.Sequence({
    value: [new pkijs.PKIStatusInfo({ status: 0 }).toSchema(), asn1js.fromBER(toArrayBuffer(token)).result],
  });
  return Buffer.from(response.toBER());
}
