import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import {
  InvoiceDetailSchema,
  InvoicePageSchema,
  type InvoiceDetail,
  type InvoiceListQuery,
  type InvoicePage,
} from '@leasing/contract';

import { apiClient } from '../../../lib/api-client';
import { saveDownload, useDownloadWithProgress, type ProgressListener } from '../../../lib/download-with-progress';
import { billingQueryKey, type BillingScope } from './keys';

/** The invoices of a scope: `/v1/provider/invoices` (every employer's) or `/v1/tenant/invoices` (HR's own). */
export const invoicesPath = (scope: BillingScope) => `/v1/${scope}/invoices`;

export type InvoiceQuery = Partial<InvoiceListQuery>;

/** `GET /v1/{scope}/invoices`: one page of invoices and credit notes, filtered on the server. */
export function getInvoices(scope: BillingScope, query: InvoiceQuery, signal?: AbortSignal): Promise<InvoicePage> {
  return apiClient.request(invoicesPath(scope), { query: { ...query }, schema: InvoicePageSchema, signal });
}

export function invoicesQueryOptions(scope: BillingScope, query: InvoiceQuery) {
  return queryOptions({
    queryKey: [...billingQueryKey(scope), 'invoices', query],
    queryFn: ({ signal }) => getInvoices(scope, query, signal),
    // The next page or filter keeps the table in place while it loads.
    placeholderData: keepPreviousData,
  });
}

export function useInvoices(scope: BillingScope, query: InvoiceQuery) {
  return useQuery(invoicesQueryOptions(scope, query));
}

/** `GET /v1/{scope}/invoices/{id}`: the invoice with its lines. */
export function getInvoice(scope: BillingScope, id: string, signal?: AbortSignal): Promise<InvoiceDetail> {
  return apiClient.request(`${invoicesPath(scope)}/${encodeURIComponent(id)}`, { schema: InvoiceDetailSchema, signal });
}

export function invoiceQueryOptions(scope: BillingScope, id: string) {
  return queryOptions({
    queryKey: [...billingQueryKey(scope), 'invoice', id],
    queryFn: ({ signal }) => getInvoice(scope, id, signal),
  });
}

export function useInvoice(scope: BillingScope, id: string | null) {
  return useQuery({ ...invoiceQueryOptions(scope, id ?? ''), enabled: id !== null });
}

export type InvoiceFileKind = 'xml' | 'pdf';

/** The server's file name (its Content-Disposition): the number with anything but letters, digits and `-` as `_`. */
export const invoiceFileName = (number: string, kind: InvoiceFileKind) =>
  `${number.replace(/[^A-Za-z0-9-]/g, '_')}.${kind}`;

/**
 * `GET /v1/{scope}/invoices/{id}/xml` (the e-invoice) or `…/pdf`: fetched with the bearer token (a plain
 * link could not send it), then saved under the invoice's number; the bytes received go to `onProgress`.
 */
export function downloadInvoiceFile(
  {
    scope,
    invoice,
    kind,
  }: {
    scope: BillingScope;
    invoice: { id: string; number: string };
    kind: InvoiceFileKind;
  },
  onProgress?: ProgressListener,
): Promise<void> {
  return saveDownload(
    `${invoicesPath(scope)}/${encodeURIComponent(invoice.id)}/${kind}`,
    invoiceFileName(invoice.number, kind),
    { onProgress },
  );
}

/** The download as a mutation with its `progress` (lib/download-with-progress). */
export function useDownloadInvoiceFile() {
  return useDownloadWithProgress(downloadInvoiceFile);
}
