/**
 * GDPR self-service: the data export and the erasure, and the retention job.
 *
 * The retention job runs hourly. The data export (`GET /v1/user/export`, written section by section with its long
 * lists in pages, absences included: `export.ts`, `export-json.ts`, docs/decisions/0041-streamed-exports.md), the
 * erasure of an account (`DELETE /v1/user`, step-up; `service.ts`, `eraseAccount`, held while a lease runs:
 * `erasure-holds.ts`), the hourly retention job (`retention.ts`, periods and legal bases as data, see
 * docs/privacy.md). It reads every table (a `tableReaders` entry).
 *
 * The face of modules/privacy: what other modules and the flows may import.
 */
export { scheduleRetention } from './retention.js';
export { privacyRoutes } from './routes.js';
export { erasureHolds } from './erasure-holds.js';
export { eraseAccount } from './service.js';
