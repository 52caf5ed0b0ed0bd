/**
 * The Document Security Store (PAdES B-LT, ETSI EN 319 142-1 5.4.2; ISO 32000-2 12.8.4.3): the
 * certificates and revocation answers a verifier needs, kept in the file itself, so the signatures can
 * be validated years later without this platform and without the trust service being reachable.
 *
 * `/DSS << /Certs [...] /OCSPs [...] /CRLs [...] /VRI << /<SHA-1 of a signature's /Contents> << /Cert
 * [...] /OCSP [...] >> >> >>`: each entry a stream with the DER bytes. An existing DSS (a file extended
 * before) keeps its entries; only data not yet present is added.
 */
import { createHash } from 'node:crypto';

import * as asn1js from 'asn1js';
import {
  PDFArray,
  PDFDict,
  PDFHexString,
  PDFName,
  PDFRawStream,
  PDFRef,
  PDFString,
  decodePDFRawStream,
  type PDFDocument,
  type PDFObject,
} from 'pdf-lib';
import * as pkijs from 'pkijs';

import { OID, parseSignedData, sha256, toArrayBuffer } from './cades.js';
import { catalogRef, type OpenRevision } from './incremental-revision.js';

export interface SignatureInPdf {
  fieldName: string;
  subFilter: string;
  /** The /Contents value as stored (zero padding included): what the VRI key is computed over. */
  contents: Buffer;
  /** The DER CMS (or RFC 3161 token) without the padding. */
  cms: Buffer;
}

function lookupDict(doc: PDFDocument, value: PDFObject | undefined): PDFDict | undefined {
  const resolved = value instanceof PDFRef ? doc.context.lookup(value) : value;
  return resolved instanceof PDFDict ? resolved : undefined;
}

function lookupArray(doc: PDFDocument, value: PDFObject | undefined): PDFArray | undefined {
  const resolved = value instanceof PDFRef ? doc.context.lookup(value) : value;
  return resolved instanceof PDFArray ? resolved : undefined;
}

function textOf(value: PDFObject | undefined): string {
  if (value instanceof PDFString || value instanceof PDFHexString) return value.decodeText();
  if (value instanceof PDFName) return value.decodeText();
  return '';
}

/** DER without the trailing zeros of a fixed-size /Contents. */
export function trimDer(contents: Uint8Array): Buffer {
  const parsed = asn1js.fromBER(toArrayBuffer(contents));
  if (parsed.offset === -1) throw new Error('signature /Contents is not DER');
  return Buffer.from(contents.subarray(0, parsed.offset));
}

/** Every signed signature field of the document (form fields, kids included), in form order. */
export function signaturesOf(doc: PDFDocument): SignatureInPdf[] {
  const acroForm = lookupDict(doc, doc.catalog.get(PDFName.of('AcroForm')));
  const found: SignatureInPdf[] = [];
  const visit = (fieldValue: PDFObject | undefined, parentName: string, depth: number) => {
    const field = lookupDict(doc, fieldValue);
    if (!field || depth > 16) return;
    const partial = textOf(field.get(PDFName.of('T')));
    const name = [parentName, partial].filter(Boolean).join('.');
    const value = lookupDict(doc, field.get(PDFName.of('V')));
    const contents = value?.get(PDFName.of('Contents'));
    if (value && (contents instanceof PDFHexString || contents instanceof PDFString)) {
      const bytes = Buffer.from(contents instanceof PDFHexString ? contents.asBytes() : contents.asBytes());
      found.push({
        fieldName: name,
        subFilter: textOf(value.get(PDFName.of('SubFilter'))),
        contents: bytes,
        cms: trimDer(bytes),
      });
    }
    const kids = lookupArray(doc, field.get(PDFName.of('Kids')));
    for (let i = 0; i < (kids?.size() ?? 0); i += 1) visit(kids?.get(i), name, depth + 1);
  };
  const fields = lookupArray(doc, acroForm?.get(PDFName.of('Fields')));
  for (let i = 0; i < (fields?.size() ?? 0); i += 1) visit(fields?.get(i), '', 0);
  return found;
}

/**
 * The certificates a signature carries: those of its CMS and those of the time-stamp tokens in its
 * unsigned attributes (the TSA's chain). For a document timestamp the CMS is the token itself.
 */
export function certificatesOfSignature(cmsDer: Uint8Array): pkijs.Certificate[] {
  const signedData = parseSignedData(cmsDer);
  const certificates = (signedData.certificates ?? []).filter(
    (c): c is pkijs.Certificate => c instanceof pkijs.Certificate,
  );
  for (const signerInfo of signedData.signerInfos) {
    for (const attribute of signerInfo.unsignedAttrs?.attributes ?? []) {
      if (attribute.type !== OID.signatureTimeStampToken) continue;
      for (const token of attribute.values as asn1js.AsnType[]) {
        certificates.push(...certificatesOfSignature(new Uint8Array(token.toBER())));
      }
    }
  }
  return certificates;
}

/** The VRI key of a signature: upper-case hex SHA-1 of its /Contents (EN 319 142-1 5.4.2.2). */
export function vriKey(contents: Uint8Array): string {
  return createHash('sha1').update(contents).digest('hex').toUpperCase();
}

export interface ValidationData {
  certificates: Buffer[];
  ocspResponses: Buffer[];
  crls: Buffer[];
  /** Per signature (VRI key): which of the above it needs. */
  perSignature: Map<string, { certificates: Buffer[]; ocspResponses: Buffer[]; crls: Buffer[] }>;
}

const digestKey = (bytes: Uint8Array) => sha256(bytes).toString('hex');

/** The DSS's existing entries of one kind, by the SHA-256 of their bytes. */
function existingEntries(doc: PDFDocument, dss: PDFDict | undefined, key: string): Map<string, PDFRef> {
  const entries = new Map<string, PDFRef>();
  const array = lookupArray(doc, dss?.get(PDFName.of(key)));
  for (let i = 0; i < (array?.size() ?? 0); i += 1) {
    const ref = array?.get(i);
    const stream = ref instanceof PDFRef ? doc.context.lookup(ref) : undefined;
    if (ref instanceof PDFRef && stream instanceof PDFRawStream) {
      entries.set(digestKey(decodePDFRawStream(stream).decode()), ref);
    }
  }
  return entries;
}

/** Writes (or extends) the catalog's /DSS in `revision`. */
export function addDss(revision: OpenRevision, data: ValidationData): void {
  const { doc } = revision;
  const { context } = doc;
  const rootRef = catalogRef(doc);
  const catalog = context.lookup(rootRef, PDFDict);
  const previous = lookupDict(doc, catalog.get(PDFName.of('DSS')));

  const refsOf = (key: string, items: Buffer[]) => {
    const known = existingEntries(doc, previous, key);
    const all = new Map(known);
    for (const item of items) {
      const digest = digestKey(item);
      if (!all.has(digest)) all.set(digest, context.register(context.stream(item)));
    }
    return all;
  };
  const certs = refsOf('Certs', data.certificates);
  const ocsps = refsOf('OCSPs', data.ocspResponses);
  const crls = refsOf('CRLs', data.crls);

  const dss = context.obj({});
  if (certs.size) dss.set(PDFName.of('Certs'), context.obj([...certs.values()]));
  if (ocsps.size) dss.set(PDFName.of('OCSPs'), context.obj([...ocsps.values()]));
  if (crls.size) dss.set(PDFName.of('CRLs'), context.obj([...crls.values()]));

  const vri = context.obj({});
  for (const [key, value] of lookupDict(doc, previous?.get(PDFName.of('VRI')))?.entries() ?? []) vri.set(key, value);
  for (const [key, entry] of data.perSignature) {
    const pick = (refs: Map<string, PDFRef>, items: Buffer[]) =>
      context.obj(items.map((item) => refs.get(digestKey(item))).filter((ref): ref is PDFRef => Boolean(ref)));
    const item = context.obj({});
    if (entry.certificates.length) item.set(PDFName.of('Cert'), pick(certs, entry.certificates));
    if (entry.ocspResponses.length) item.set(PDFName.of('OCSP'), pick(ocsps, entry.ocspResponses));
    if (entry.crls.length) item.set(PDFName.of('CRL'), pick(crls, entry.crls));
    vri.set(PDFName.of(key), item);
  }
  if (vri.keys().length) dss.set(PDFName.of('VRI'), vri);

  catalog.set(PDFName.of('DSS'), context.register(dss));
}
