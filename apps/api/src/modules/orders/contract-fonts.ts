// The fonts belong to the contract document (modules/contract). Kept here for
// signing/pdf-signature-field.ts only, which is being rewritten with the verifier; it moves to
// `../contract/index.js` then, and this file goes.
export { loadFontBytes } from '../contract/index.js';
