/**
 * Certificate paths (RFC 5280, 6.1, reduced to what a signature check needs) built from the signer's
 * certificate up to one of the configured trust anchors. A CMS may carry any certificates it likes:
 * they are only candidates, taken when their subject is the issuer of the certificate at hand and their
 * key verifies its signature. A path is at most MAX_PATH_DEPTH certificates above the signer, never
 * holds one certificate twice, and the whole search is limited in steps: a loop of CAs naming each
 * other, or a crowd of look-alikes, ends as "untrusted", never as a hang.
 */
import { X509Certificate } from 'node:crypto';

export const MAX_PATH_DEPTH = 5;
/** Signature checks of one search: plenty for real chains, a hard stop for crafted ones. */
const MAX_PATH_STEPS = 64;
/** Certificates of a CMS looked at, at most (the rest is ignored). */
const MAX_CARRIED_CERTIFICATES = 32;

export interface PathCheck {
  trusted: boolean;
  problem: string;
}

export function x509Of(der: Uint8Array): X509Certificate | null {
  try {
    return new X509Certificate(der);
  } catch {
    return null;
  }
}

function validAt(certificate: X509Certificate, at: Date): boolean {
  const from = Date.parse(certificate.validFrom);
  const to = Date.parse(certificate.validTo);
  return Number.isFinite(from) && Number.isFinite(to) && from <= at.getTime() && at.getTime() <= to;
}

interface Search {
  anchors: X509Certificate[];
  candidates: X509Certificate[];
  at: Date;
  steps: number;
  outOfSteps: boolean;
}

function issuedBy(search: Search, certificate: X509Certificate, issuer: X509Certificate): boolean {
  if (search.steps++ >= MAX_PATH_STEPS) {
    search.outOfSteps = true;
    return false;
  }
  return (
    issuer.ca && certificate.checkIssued(issuer) && validAt(issuer, search.at) && certificate.verify(issuer.publicKey)
  );
}

/** Depth-first: an anchor that issued `certificate`, else a carried CA that did and has a path itself. */
function reachesAnchor(search: Search, certificate: X509Certificate, onPath: Set<string>, depth: number): boolean {
  if (search.anchors.some((anchor) => issuedBy(search, certificate, anchor))) return true;
  if (depth >= MAX_PATH_DEPTH) return false;
  for (const candidate of search.candidates) {
    if (search.outOfSteps) return false;
    if (onPath.has(candidate.fingerprint256) || !issuedBy(search, certificate, candidate)) continue;
    onPath.add(candidate.fingerprint256);
    if (reachesAnchor(search, candidate, onPath, depth + 1)) return true;
    onPath.delete(candidate.fingerprint256);
  }
  return false;
}

/**
 * Whether `signer` chains to one of `anchors` at `at`, through CA certificates from `carried`. The
 * signer itself being an anchor counts (a TSA configured directly).
 */
export function checkPath(
  signer: X509Certificate,
  carried: readonly X509Certificate[],
  anchors: readonly X509Certificate[],
  at: Date,
): PathCheck {
  if (anchors.length === 0) return { trusted: false, problem: 'no trust anchors configured' };
  if (!validAt(signer, at)) return { trusted: false, problem: 'signer certificate not valid at the time' };
  if (anchors.some((anchor) => anchor.fingerprint256 === signer.fingerprint256)) return { trusted: true, problem: '' };
  const anchorPrints = new Set(anchors.map((anchor) => anchor.fingerprint256));
  const unique = new Map<string, X509Certificate>();
  for (const certificate of carried.slice(0, MAX_CARRIED_CERTIFICATES)) {
    const print = certificate.fingerprint256;
    if (print !== signer.fingerprint256 && !anchorPrints.has(print)) unique.set(print, certificate);
  }
  const search: Search = { anchors: [...anchors], candidates: [...unique.values()], at, steps: 0, outOfSteps: false };
  const trusted = reachesAnchor(search, signer, new Set([signer.fingerprint256]), 0);
  if (trusted) return { trusted, problem: '' };
  return { trusted, problem: search.outOfSteps ? 'no path within budget' : 'no path to a trust anchor' };
}
