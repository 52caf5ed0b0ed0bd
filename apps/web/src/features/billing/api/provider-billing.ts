import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import {
  BillingProfileSchema,
  CreditNoteRequestSchema,
  InvoiceDetailSchema,
  TenantBillingAnswerSchema,
  TenantBillingSchema,
  type BillingProfile,
  type InvoiceDetail,
  type TenantBilling,
  type TenantBillingAnswer,
} from '@leasing/contract';

import { apiClient, isApiError } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import { invoiceQueryOptions } from './invoices';
import { billingQueryKey } from './keys';

const PROFILE_PATH = '/v1/provider/billing-profile';
const profileKey = [...billingQueryKey('provider'), 'profile'] as const;
const tenantBillingKey = (tenantId: string) => [...billingQueryKey('provider'), 'tenant', tenantId] as const;

/** `GET /v1/provider/billing-profile`: who issues the invoices; null while none is saved (404). */
export async function getBillingProfile(signal?: AbortSignal): Promise<BillingProfile | null> {
  try {
    return await apiClient.request(PROFILE_PATH, { schema: BillingProfileSchema, signal });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

export function useBillingProfile() {
  return useQuery({ queryKey: profileKey, queryFn: ({ signal }) => getBillingProfile(signal) });
}

/** `PUT /v1/provider/billing-profile`: checked with the contract's schema before it leaves. */
export function saveBillingProfile(body: BillingProfile): Promise<BillingProfile> {
  return apiClient.request(PROFILE_PATH, {
    method: 'PUT',
    body: BillingProfileSchema.parse(body),
    schema: BillingProfileSchema,
  });
}

export function useSaveBillingProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBillingProfile,
    onSuccess: (saved) => queryClient.setQueryData(profileKey, saved),
  });
}

const tenantBillingPath = (tenantId: string) => `/v1/provider/tenants/${encodeURIComponent(tenantId)}/billing`;

/** `GET /v1/provider/tenants/{tenantId}/billing`: the employer's billing data (null: none yet). */
export function getTenantBilling(tenantId: string, signal?: AbortSignal): Promise<TenantBillingAnswer> {
  return apiClient.request(tenantBillingPath(tenantId), { schema: TenantBillingAnswerSchema, signal });
}

export function useTenantBilling(tenantId: string) {
  return useQuery({
    queryKey: tenantBillingKey(tenantId),
    queryFn: ({ signal }) => getTenantBilling(tenantId, signal),
  });
}

/** `PUT /v1/provider/tenants/{tenantId}/billing`; a public body needs its Leitweg-ID. */
export function saveTenantBilling({
  tenantId,
  body,
}: {
  tenantId: string;
  body: TenantBilling;
}): Promise<TenantBillingAnswer> {
  return apiClient.request(tenantBillingPath(tenantId), {
    method: 'PUT',
    body: TenantBillingSchema.parse(body),
    schema: TenantBillingAnswerSchema,
  });
}

export function useSaveTenantBilling() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTenantBilling,
    onSuccess: (saved, { tenantId }) => queryClient.setQueryData(tenantBillingKey(tenantId), saved),
  });
}

/** `POST /v1/provider/invoices/{id}/credit-note`: the credit note cancelling an issued invoice (409 when it has one). */
export function createCreditNote({ invoiceId, reason }: { invoiceId: string; reason: string }): Promise<InvoiceDetail> {
  return apiClient.request(`/v1/provider/invoices/${encodeURIComponent(invoiceId)}/credit-note`, {
    method: 'POST',
    body: CreditNoteRequestSchema.parse({ reason }),
    schema: InvoiceDetailSchema,
  });
}

export function useCreateCreditNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCreditNote,
    // The invoice is now credited and the list has one more document; the credit note opens at once.
    onSuccess: (creditNote, { invoiceId }) => {
      queryClient.setQueryData(invoiceQueryOptions('provider', creditNote.id).queryKey, creditNote);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: invoiceQueryOptions('provider', invoiceId).queryKey }),
        queryClient.invalidateQueries({ queryKey: [...billingQueryKey('provider'), 'invoices'] }),
      ]);
    },
  });
}

/**
 * `GET /v1/provider/invoices/export.csv?month=`: the month's DATEV Buchungsstapel, with the bearer token,
 * saved under the server's file name (its Content-Disposition).
 */
export async function downloadDatevExport(month: string): Promise<void> {
  const blob = await apiClient.requestBlob('/v1/provider/invoices/export.csv', { query: { month } });
  saveFile(blob, `EXTF_Rechnungen_${month}.csv`);
}

export function useDownloadDatevExport() {
  return useMutation({ mutationFn: downloadDatevExport });
}
