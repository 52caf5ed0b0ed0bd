/**
 * PAdES signatures and seals through CSC v2, long-term validation, the verifier.
 *
 * Qualified signatures and seals through the Cloud Signature Consortium API v2.
 * docs/decisions/0032-pades-signatures.md: the signature field and byte ranges (`pdf-signature-field.ts`), the
 * CAdES-detached CMS (`cades.ts`), the RFC 3161 signature timestamp (`timestamp.ts`), both put together
 * (`pades.ts`). The CSC v2.0.0.2 client (`csc-client.ts` with its transport `csc-transport.ts`, the credential's
 * checks `csc-credential.ts`, the algorithm from `key/algo` `csc-algorithms.ts`, PKCE `csc-pkce.ts`, the operator's
 * userID templates `csc-user-ids.ts`, `CSC_*` in `config/env.ts`; docs/decisions/0051-csc-v2-by-the-standard.md).
 *
 * Outside production while no QTSP is configured, a strict CSC v2 trust service with its own test PKI under
 * `/simulator/csc` (`trust-service.ts`: OAuth `trust-service-oauth.ts`, credentials and signHash
 * `trust-service-credentials.ts`, enrolled users and keys `trust-service-state.ts`, `test-pki.ts`; RFC 8414
 * metadata at `/.well-known/oauth-authorization-server/simulator/csc`).
 *
 * The order's signing step (`flows/sign-contract.ts`, return at `/v1/signature/return` in
 * `flows/sign-contract-routes.ts`), the employer's seal as an incremental update at approval (`sealContract` in
 * `order-signing-seal.ts`, no order in it, given the file and the employer's name by `flows/approve-order.ts`; the
 * field written by `incremental-signature-field.ts`; `SigningDeps` in `order-signing-deps.ts`) and the verifier
 * behind `POST /v1/contracts/verify` (`verify*.ts`; the route is the flow `flows/verify-contract-routes.ts`, which
 * also names the caller's order; the PDF's revisions read by `pdf-structure*.ts`, checked in a worker thread within
 * budgets; what `valid` means: docs/decisions/0047-what-a-valid-contract-means.md) are described in
 * docs/decisions/0033-signing-in-the-order.md.
 *
 * Long-term validation (PAdES B-LT/B-LTA, docs/decisions/0034-long-term-validation.md): `extendToLongTerm` in
 * `long-term.ts` adds a DSS with certificates and checked OCSP answers or CRLs (`dss.ts`, `revocation.ts`) and a
 * document timestamp (`doc-timestamp.ts`) as incremental revisions (one writer, `incremental-revision.ts`), applied
 * to the sealed contract at approval and, where that failed, by the job `signing.long-term-retry` (orders'
 * `long-term-retry.ts`: the order's documents are the workflow's). The signature completion shared by the trust
 * service and the provider path is orders' `signature-completion.ts`. A new qualified trust service that speaks CSC
 * v2 is configuration only (`CSC_BASE_URL`, `CSC_CLIENT_ID`, `CSC_CLIENT_SECRET`, `CSC_TSA_URL`,
 * `CSC_TRUST_ANCHORS`, the userID templates `CSC_SIGNER_USER_ID` and `CSC_SEAL_USER_ID`, `CSC_SEAL_AUTH_DATA`);
 * another protocol is a client beside `csc-client.ts`.
 *
 * The face of modules/signing: what other modules and the flows may import.
 */
export { buildSignedAttributes, parseCertificate } from './cades.js';
export { resolveCscConfig, signingSimulatorClient } from './config.js';
export { cmsSignatureAlgorithm, type SignAlgorithm } from './csc-algorithms.js';
export { CscError, createCscClient } from './csc-client.js';
export { CredentialRefusal, credentialRefusalMessage, type CscCredential } from './csc-credential.js';
export { createPkce } from './csc-pkce.js';
export { fillUserId, type CscUserIds } from './csc-user-ids.js';
export { extendToLongTerm } from './long-term.js';
export { longTermAuditFields, sha256Hex, trustAnchorsFrom, type SigningDeps } from './order-signing-deps.js';
export { sealContract } from './order-signing-seal.js';
export { completeTimestampedCms } from './pades.js';
export { embedSignature, prepareSignatureField, signedBytes } from './pdf-signature-field.js';
export { lazyTrustServiceState } from './trust-service-state.js';
export { isPublicRepositoryRoute, trustServiceMetadataPlugin, trustServicePlugin } from './trust-service.js';
export { checkCms, commonNameOf } from './verify-cms.js';
export { toContractVerification, verifyContractFile } from './verify-contract.js';
export { verifyPdf } from './verify.js';
