// The face of modules/signing: what other modules and the flows may import.
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
