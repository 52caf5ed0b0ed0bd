/**
 * The transfer contract as a document: its sections, PDF, fonts and formats.
 *
 * With the early-termination quote. Its sections as pure text (`contract-sections.ts`, `contract-content.ts`), the
 * PDF (`contract-pdf.ts`, `renderTransferContract` and its input), the fonts and number formats shared by signing
 * and the final statement (`contract-fonts.ts`, `contract-format.ts`), short documents drawn from blocks
 * (`block-document-pdf.ts`: the final statement, the cancellation confirmation), and the early-termination quote it
 * prints and lease-life computes (the termination fee rule, `termination-quote.ts`). Moved down from orders so that
 * signing, orders and lease-end share it without a circle. Shapes shared by two files: `contract-types.ts`.
 *
 * The face of modules/contract: what other modules and the flows may import.
 */
export { renderBlockDocument, type BlockDocument, type DocumentBlock } from './block-document-pdf.js';
export { Face, loadFontBytes } from './contract-fonts.js';
export {
  cleanText,
  formatDate,
  formatDateTime,
  formatEuro,
  formatEuroPerKm,
  formatKm,
  orderNumber,
  wrapText,
} from './contract-format.js';
export { renderTransferContract, type TransferContractInput } from './contract-pdf.js';
export { TERMINATION_FEE_RULE, terminationFigures, type TerminationReason } from './termination-quote.js';
