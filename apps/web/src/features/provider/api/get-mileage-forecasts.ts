import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';

import {
  MILEAGE_FORECASTS_MAX,
  MileageForecastRowSchema,
  MileageForecastsQuerySchema,
  type MileageForecastRow,
} from '@leasing/contract';

import { apiClient } from '../../../lib/api-client';
import { providerQueryKey } from './keys';

const MileageForecastsSchema = z.array(MileageForecastRowSchema);

/**
 * `GET /v1/provider/mileage-forecasts?orderIds=1,2,3`: the forecasts of one pipeline page's orders in a
 * single request (ADR 0054). Only running leases with an odometer reading are in the answer.
 */
export function getMileageForecasts(orderIds: readonly number[], signal?: AbortSignal): Promise<MileageForecastRow[]> {
  const query = MileageForecastsQuerySchema.parse({ orderIds: orderIds.join(',') });
  return apiClient.request('/v1/provider/mileage-forecasts', { query, schema: MileageForecastsSchema, signal });
}

/** The page's order ids, each once and at most as many as one request may name. */
const pageIds = (orderIds: readonly number[]) => [...new Set(orderIds)].slice(0, MILEAGE_FORECASTS_MAX);

export function mileageForecastsQueryOptions(orderIds: readonly number[]) {
  const ids = pageIds(orderIds);
  return queryOptions({
    queryKey: [...providerQueryKey, 'mileage-forecasts', ids],
    queryFn: ({ signal }) => getMileageForecasts(ids, signal),
    enabled: ids.length > 0,
  });
}

/** The forecasts by order id; asked once the page's orders are known, empty until then or on failure. */
export function useMileageForecasts(orderIds: readonly number[]) {
  return useQuery(mileageForecastsQueryOptions(orderIds));
}
