/**
 * The demo data (`DEMO_DATA=true`): its accounts and generated data at scale.
 *
 * The accounts of README "Demo-Zugänge" and their secrets (`accounts.ts`; the browser journeys and tests sign in
 * with them, so names, e-mails, passwords, the register code and the TOTP secret stay as they are), loaded into an
 * empty database at start-up with the catalogue's demo import (`seed.ts`, `loadDemoData`, called by `runtime.ts`).
 * `factories.ts` writes made-up employers, people, TOTP secrets, addresses and encrypted salary profiles through
 * the owning modules' encodings, for the demo and for larger generated data alike; `scale*.ts` is that generator
 * (`npm run seed:scale`: a provider's real size, docs/decisions/0038-a-providers-real-size.md). It writes every
 * table (a `tableReaders` entry).
 *
 * The face of modules/demo: what other modules and the flows may import.
 */
export { loadDemoData } from './seed.js';
