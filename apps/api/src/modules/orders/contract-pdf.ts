// The contract's PDF belongs to the contract document (modules/contract). Kept here for
// signing/verify.test.ts only, which is being rewritten with the verifier; it imports
// `../contract/index.js` then, and this file goes.
export { renderTransferContract } from '../contract/index.js';
