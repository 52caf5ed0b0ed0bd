/**
 * The algorithm chosen from a credential's `key/algo`, and the CMS that follows from it: an ECDSA
 * credential (the development service holds RSA keys only) signs over the signed attributes' SHA-256,
 * the value may come back as bare r‖s, and the CMS names ecdsa-with-SHA256, which the verifier accepts.
 */
import 'reflect-metadata';

import { createHash, sign, webcrypto } from 'node:crypto';

import * as x509 from '@peculiar/x509';
import { describe, expect, it } from 'vitest';

import { assembleSignedData, buildSignedAttributes, parseCertificate, parseSignedData } from './cades.js';
import {
  chooseSignAlgorithm,
  cmsSignatureAlgorithm,
  ecdsaSignatureDer,
  SIGN_ALGO,
  verifiesSignature,
} from './csc-algorithms.js';
import { createTestPki, issueSignerCertificate } from './test-pki.js';
import { checkCms } from './verify-cms.js';

x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);

async function ecdsaSigner() {
  const algorithm = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
  const keys = (await webcrypto.subtle.generateKey(algorithm, true, ['sign', 'verify'])) as webcrypto.CryptoKeyPair;
  const certificate = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: '01',
    name: 'CN=ECDSA Siegel TEST',
    notBefore: new Date(Date.now() - 60_000),
    notAfter: new Date(Date.now() + 3600_000),
    signingAlgorithm: algorithm,
    keys,
  });
  const pkcs8 = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey));
  return { certificate: parseCertificate(new Uint8Array(certificate.rawData)), pkcs8 };
}

describe('the signature algorithm of a credential', () => {
  it('prefers PKCS#1 v1.5 for RSA keys, takes PSS when that is all, and refuses what it cannot use', async () => {
    const pki = await createTestPki();
    const rsa = parseCertificate(
      new Uint8Array((await issueSignerCertificate(pki, { commonName: 'A' })).certificate.rawData),
    );
    expect(chooseSignAlgorithm([SIGN_ALGO.rsassaPss, SIGN_ALGO.sha256WithRsa], rsa)?.scheme).toBe('rsa-pkcs1');
    expect(chooseSignAlgorithm([SIGN_ALGO.rsaEncryption], rsa)).toEqual({
      scheme: 'rsa-pkcs1',
      signAlgo: SIGN_ALGO.rsaEncryption,
    });
    expect(chooseSignAlgorithm([SIGN_ALGO.rsassaPss], rsa)).toMatchObject({ scheme: 'rsa-pss' });
    expect(chooseSignAlgorithm([SIGN_ALGO.ecdsaWithSha256], rsa)).toBeNull();
    expect(chooseSignAlgorithm(['1.2.840.113549.1.1.5'], rsa)).toBeNull();
  }, 30_000);

  it('signs with ECDSA P-256: the CMS names ecdsa-with-SHA256 and verifies, also from a bare r‖s value', async () => {
    const { certificate, pkcs8 } = await ecdsaSigner();
    const algorithm = chooseSignAlgorithm([SIGN_ALGO.ecdsaWithSha256], certificate);
    expect(algorithm).toEqual({ scheme: 'ecdsa', signAlgo: SIGN_ALGO.ecdsaWithSha256 });
    expect(chooseSignAlgorithm([SIGN_ALGO.sha256WithRsa], certificate)).toBeNull();
    const content = Buffer.from('der Vertrag');
    const attributes = buildSignedAttributes({
      contentDigest: createHash('sha256').update(content).digest(),
      signerCertificate: certificate,
    });
    const key = { key: pkcs8, format: 'der', type: 'pkcs8' } as const;
    // What a service may answer: IEEE P1363 r‖s (64 bytes), which the CMS needs as DER.
    const bare = sign('sha256', attributes.der, { ...key, dsaEncoding: 'ieee-p1363' });
    expect(bare).toHaveLength(64);
    const value = ecdsaSignatureDer(bare, certificate);
    expect(value[0]).toBe(0x30);
    expect(verifiesSignature(algorithm!, attributes.der, value, certificate)).toBe(true);
    expect(verifiesSignature(algorithm!, Buffer.from('other'), value, certificate)).toBe(false);

    const cms = assembleSignedData({
      signedAttributes: attributes,
      signatureValue: value,
      signatureAlgorithm: cmsSignatureAlgorithm(algorithm!),
      signerCertificate: certificate,
      chain: [],
    });
    expect(parseSignedData(cms).signerInfos[0]?.signatureAlgorithm.algorithmId).toBe(SIGN_ALGO.ecdsaWithSha256);
    const check = await checkCms(cms, content, [certificate]);
    expect(check).toMatchObject({ intact: true, trusted: true });
  }, 30_000);
});
