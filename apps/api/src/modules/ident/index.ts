// The face of modules/ident: what other modules and the flows may import.
export { createHttpIdentProvider } from './http-provider.js';
export {
  ProviderCaseNotFoundError,
  ProviderUnavailableError,
  type CallbackEvent,
  type IdentProvider,
  type ProviderCase,
} from './provider.js';
export { escapeHtml, sendPage } from './simulator-pages.js';
export { DatabaseCaseRepository, SimulatorStore, simulatorPlugin } from './simulator.js';
