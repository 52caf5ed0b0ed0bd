import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';

import {
  WebhookDeliveryPageSchema,
  WebhookDeliverySchema,
  WebhookEndpointCreatedSchema,
  WebhookEndpointCreateRequestSchema,
  WebhookEndpointPatchRequestSchema,
  WebhookEndpointSchema,
  type WebhookDeliveryPage,
  type WebhookEndpoint,
  type WebhookEndpointCreated,
  type WebhookEndpointCreateRequest,
  type WebhookEndpointPatchRequest,
} from '@leasing/contract';

import { apiClient } from '../../../lib/api-client';
import { integrationsQueryKey } from './keys';

const EndpointListSchema = z.array(WebhookEndpointSchema);
const endpointsKey = [...integrationsQueryKey, 'webhooks'] as const;
const path = (id: string) => `/v1/tenant/webhooks/${encodeURIComponent(id)}`;

/** `GET /v1/tenant/webhooks`: the employer's endpoints, never a secret. */
export function useWebhookEndpoints() {
  return useQuery(
    queryOptions({
      queryKey: endpointsKey,
      queryFn: ({ signal }): Promise<WebhookEndpoint[]> =>
        apiClient.request('/v1/tenant/webhooks', { schema: EndpointListSchema, signal }),
    }),
  );
}

/** `GET /v1/tenant/webhooks/{id}/deliveries`: one page of the delivery log, newest first. */
export function useWebhookDeliveries(endpointId: string | null, page: number) {
  return useQuery({
    queryKey: [...endpointsKey, endpointId, 'deliveries', page],
    queryFn: ({ signal }): Promise<WebhookDeliveryPage> =>
      apiClient.request(`${path(endpointId ?? '')}/deliveries?page=${page}&pageSize=20`, {
        schema: WebhookDeliveryPageSchema,
        signal,
      }),
    enabled: endpointId !== null,
    placeholderData: keepPreviousData,
  });
}

export function useCreateWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WebhookEndpointCreateRequest): Promise<WebhookEndpointCreated> =>
      apiClient.request('/v1/tenant/webhooks', {
        method: 'POST',
        body: WebhookEndpointCreateRequestSchema.parse(body),
        schema: WebhookEndpointCreatedSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: endpointsKey }),
  });
}

export function useUpdateWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: WebhookEndpointPatchRequest }): Promise<WebhookEndpoint> =>
      apiClient.request(path(id), {
        method: 'PATCH',
        body: WebhookEndpointPatchRequestSchema.parse(body),
        schema: WebhookEndpointSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: endpointsKey }),
  });
}

export function useDeleteWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string): Promise<unknown> => apiClient.request(path(id), { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: endpointsKey }),
  });
}

/** `POST …/deliveries/{deliveryId}/resend`: the same message (same `webhook-id`) once more. */
export function useResendWebhookDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ endpointId, deliveryId }: { endpointId: string; deliveryId: string }) =>
      apiClient.request(`${path(endpointId)}/deliveries/${encodeURIComponent(deliveryId)}/resend`, {
        method: 'POST',
        schema: WebhookDeliverySchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: endpointsKey }),
  });
}
