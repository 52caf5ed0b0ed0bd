// The face of modules/contract: what other modules and the flows may import.
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
