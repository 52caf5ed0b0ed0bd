/**
 * The provider's invoices: the monthly run, e-invoices, credit notes and DATEV.
 *
 * The provider's billing data and the employer's. docs/decisions/0052-e-invoices.md. The provider's billing profile
 * and each employer's billing data (`master-data.ts`; Leitweg-ID, IBAN and VAT id checked by the contract's
 * schemas). The monthly run (`run.ts`, `POST /v1/provider/invoices/run`, and the job `billing.monthly-run` on the
 * first working day, `jobs.ts`; a run named by the screen's `runId` records its progress and answer,
 * `run-progress.ts`, `GET /v1/provider/invoices/runs/{runId}`) with one line per lease and month from the leases'
 * faces (`leases.ts`: orders, account, employer, lease-end, package-change; `lines.ts`: the rate net of VAT, pro
 * rata by calendar days, the return's settlement and the early-termination fee); totals and our own check before
 * issue by EN 16931's rules (`totals.ts`); numbers gapless per prefix and year under a locked counter, the
 * documents drawn before that lock for the number it will give (`issue.ts`); the e-invoice as XRechnung 3.0 UBL or
 * CII or ZUGFeRD EN 16931 through `@e-invoice-eu/core` (`e-invoice.ts`); the readable PDF (`invoice-pdf.ts`);
 * credit notes (`credit-note.ts`); invoices that never change (a trigger refuses UPDATE and DELETE); the mail with
 * both files attached (over 10 MB together: no files, a link to the employer portal's invoices;
 * `invoice_mailings.attached`); HR's own invoices (`/v1/tenant/invoices`); DATEV's Buchungsstapel (`datev.ts`).
 * Tables in `db/schema-billing.ts`. The invoice run as a file chain: docs/ARCHITECTURE.md, "Flows".
 *
 * The face of modules/billing: what other modules and the flows may import.
 */
export { scheduleInvoiceRun } from './jobs.js';
export { providerBillingRoutes, tenantBillingRoutes } from './routes.js';
