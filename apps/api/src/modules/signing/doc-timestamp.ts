/**
 * The document timestamp (PAdES B-LTA, ETSI EN 319 142-1 5.4.3): a signature field whose value is an
 * RFC 3161 time-stamp token over the byte ranges (/Type /DocTimeStamp, /SubFilter /ETSI.RFC3161),
 * appended as the file's last incremental revision, so the whole file, DSS included, is covered.
 */
import { SUBFILTER_RFC3161, prepareIncrementalField } from './incremental-signature-field.js';
import type { TimestampAuthority } from './pades.js';
import { embedSignature, signedBytes } from './pdf-signature-field.js';
import { acceptTimestampResponse, buildTimestampRequest } from './timestamp.js';

/** Room for the DER token: the TSA's signature with its certificate chain. */
export const DOC_TIMESTAMP_CONTENTS_BYTES = 16_384;

/** Adds a document timestamp as the last revision: the TSA's token over the whole file's byte ranges. */
export async function addDocumentTimestamp(
  pdf: Uint8Array,
  timestampAuthority: TimestampAuthority,
  fieldName = `DocumentTimestamp${Date.now()}`,
): Promise<Buffer> {
  const prepared = await prepareIncrementalField(pdf, {
    fieldName,
    subFilter: SUBFILTER_RFC3161,
    contentsBytes: DOC_TIMESTAMP_CONTENTS_BYTES,
  });
  const request = buildTimestampRequest(signedBytes(prepared.pdf, prepared.byteRange));
  const token = acceptTimestampResponse(await timestampAuthority(request.der), request);
  return embedSignature(prepared, token);
}
