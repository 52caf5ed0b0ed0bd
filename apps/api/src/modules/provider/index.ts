/**
 * The provider's back office: employers, price list, photos, pipeline and dashboard.
 *
 * Register codes too. `/v1/provider/…`, provider admins only (docs/decisions/0016-provider-back-office.md):
 * employers with their first HR admin (invite mail, `tenants.ts`), register codes (expiry, maximum uses, revoke;
 * `register-codes.ts`), each employer's programme policy (read only), the price list as CSV (export, import
 * preview, publish in one transaction, versions, rollback: `price-list*.ts`, `routes-catalog.ts`), vehicle photos
 * (sharp: WebP/AVIF widths, no metadata; `photos.ts`, whose `processDamagePhoto` the damage, odometer and return
 * photos use, with the upload pieces `upload.ts`), the order pipeline (filters, timeline, delivery window:
 * `pipeline.ts`), the admins' MFA reset (`admin-mfa-reset.ts`), the dashboard (`dashboard.ts`) and its trend
 * (`dashboard-trend.ts`: orders per month by outcome, deliveries due per week, open orders by days in their step,
 * docs/decisions/0063-charts-and-my-car.md), its CSV export (`order-export.ts`, streamed,
 * docs/decisions/0041-streamed-exports.md). Employers, price-list versions and the pipeline are paged, sorted and
 * searched in the database (`tenant-list.ts`, docs/decisions/0042-server-paged-lists.md). Tables in
 * `db/schema-provider.ts` (the employers' and register codes' rows are modules/tenants', written through its face).
 *
 * The face of modules/provider: what other modules and the flows may import.
 */
export { requireProvider } from './deps.js';
export { processDamagePhoto } from './photos.js';
export { providerRoutes } from './routes.js';
export { acceptUploads, readUpload, type Upload } from './upload.js';
