/**
 * The identity and signature provider adapter and its local simulator.
 *
 * Its HTTP client, the callback check and the simulator. Case kinds `IDENT`, `SIGN` and `LICENCE_CHECK`.
 * `IdentProvider` and its errors (`provider.ts`), the HTTP client (`http-provider.ts`, created by `identProvider`
 * in `app-services.ts`, which app.ts hands to `orderDeps.provider`; `IDENT_PROVIDER_URL` etc. in `config/env.ts`;
 * without it, outside production, the simulator's API), callbacks verified in `callback.ts`, and the local
 * simulator at `/simulator` (`simulator*.ts`, its cases in `simulator_cases`); the contract the simulator serves is
 * in `modules/ident/README.md` (docs/decisions/0009-identity-provider.md).
 *
 * The face of modules/ident: what other modules and the flows may import.
 */
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
