/**
 * A further signature field as one incremental revision (`incremental-revision.ts`) over a file that may
 * already be signed: the employer's seal (visible, on the last page, beside the employee's field) and
 * the document timestamp (invisible, /Type /DocTimeStamp). The earlier revisions stay byte for byte as
 * they were, which is what keeps the signatures in them valid.
 */
import fontkit from '@pdf-lib/fontkit';
import { DEFAULT_BYTE_RANGE_PLACEHOLDER, SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';
import { PDFDict, PDFHexString, PDFName, PDFNumber, PDFString, type PDFDocument, type PDFRef } from 'pdf-lib';

import { loadFontBytes } from '../contract/index.js';

import { sha256 } from './cades.js';
import { catalogRef, dictEntry, openRevision, pushToArray, writeRevision } from './incremental-revision.js';
import {
  SIGNATURE_CONTENTS_BYTES,
  fillByteRange,
  signatureAppearance,
  signedBytes,
  type PreparedSignature,
} from './pdf-signature-field.js';

export const SUBFILTER_RFC3161 = 'ETSI.RFC3161';

export interface IncrementalFieldInput {
  /** Field name (/T), unique in the document. */
  fieldName: string;
  /** ETSI.CAdES.detached (a signature or seal) unless given; ETSI.RFC3161 makes a document timestamp. */
  subFilter?: typeof SUBFILTER_ETSI_CADES_DETACHED | typeof SUBFILTER_RFC3161;
  /** Room for the DER value (default: as for the first signature). */
  contentsBytes?: number;
  /** /Name, /M, /Reason, /Location; none for a document timestamp (its time is in the token). */
  signer?: { name: string; signingTime: Date; reason: string; location: string };
  /** A visible field on the last page showing `lines`; without it the field is invisible (empty /Rect). */
  appearance?: { rect: [number, number, number, number]; lines: string[] };
}

function pdfDate(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `D:${at.getUTCFullYear()}${pad(at.getUTCMonth() + 1)}${pad(at.getUTCDate())}${pad(at.getUTCHours())}${pad(
    at.getUTCMinutes(),
  )}${pad(at.getUTCSeconds())}Z`;
}

/** The signature dictionary with placeholders for /ByteRange and a zero-filled /Contents. */
function signatureDictionary(doc: PDFDocument, input: IncrementalFieldInput, contentsBytes: number): PDFRef {
  const subFilter = input.subFilter ?? SUBFILTER_ETSI_CADES_DETACHED;
  const slot = PDFName.of(DEFAULT_BYTE_RANGE_PLACEHOLDER);
  const { signer } = input;
  return doc.context.register(
    doc.context.obj({
      Type: subFilter === SUBFILTER_RFC3161 ? 'DocTimeStamp' : 'Sig',
      Filter: 'Adobe.PPKLite',
      SubFilter: subFilter,
      ByteRange: [PDFNumber.of(0), slot, slot, slot],
      Contents: PDFHexString.of('0'.repeat(contentsBytes * 2)),
      ...(signer
        ? {
            Name: PDFString.of(signer.name),
            M: PDFString.of(pdfDate(signer.signingTime)),
            Reason: PDFString.of(signer.reason),
            Location: PDFString.of(signer.location),
          }
        : {}),
    }),
  );
}

/** The appearance of a visible field, its font embedded now so that it is part of this revision. */
async function appearanceOf(doc: PDFDocument, appearance: NonNullable<IncrementalFieldInput['appearance']>) {
  doc.registerFontkit(fontkit);
  const font = await doc.embedFont((await loadFontBytes()).regular, { subset: true });
  const stream = signatureAppearance(doc, font, appearance.rect, appearance.lines);
  // Fonts are written on save otherwise: a revision has no save, so embed them explicitly.
  await font.embed();
  return doc.context.obj({ N: stream });
}

/**
 * Appends a signature field with a zero-filled /Contents as a new revision; returns the bytes, the
 * ranges and their SHA-256 (the digest a signature or time-stamp token is made over).
 */
export async function prepareIncrementalField(
  pdf: Uint8Array,
  input: IncrementalFieldInput,
): Promise<PreparedSignature> {
  const revision = await openRevision(pdf);
  const { doc } = revision;
  const contentsBytes = input.contentsBytes ?? SIGNATURE_CONTENTS_BYTES;
  const signatureRef = signatureDictionary(doc, input, contentsBytes);
  const page = doc.getPage(input.appearance ? doc.getPageCount() - 1 : 0);
  const widget = doc.context.obj({
    Type: 'Annot',
    Subtype: 'Widget',
    FT: 'Sig',
    Rect: input.appearance?.rect ?? [0, 0, 0, 0],
    // Print | Locked: shown when printed, never edited.
    F: 132,
    T: PDFString.of(input.fieldName),
    V: signatureRef,
    P: page.ref,
  });
  if (input.appearance) widget.set(PDFName.of('AP'), await appearanceOf(doc, input.appearance));
  const widgetRef = doc.context.register(widget);
  pushToArray(doc, page.node, 'Annots', widgetRef);
  const acroForm = dictEntry(doc, doc.context.lookup(catalogRef(doc), PDFDict), 'AcroForm');
  pushToArray(doc, acroForm, 'Fields', widgetRef);
  // SignaturesExist | AppendOnly (12.7.2): viewers must save further changes incrementally.
  acroForm.set(PDFName.of('SigFlags'), PDFNumber.of(3));

  const out = writeRevision(revision);
  const byteRange = fillByteRange(out, contentsBytes);
  return { pdf: out, byteRange, documentDigest: sha256(signedBytes(out, byteRange)) };
}
