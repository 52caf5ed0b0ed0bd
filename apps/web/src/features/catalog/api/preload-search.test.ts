import { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse } from '../../../test/memory-storage';
import { EMPTY_FILTER } from '../search-filter';
import { stubCatalogApi } from '../test-support/fake-api';
import { vehiclesQueryOptions } from './get-vehicles';
import { preloadSearch } from './preload-search';

describe('preloadSearch', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('fills the cache entries the search page reads, for the filter in the address', async () => {
    const calls = stubCatalogApi(() => jsonResponse(200, []));
    const client = new QueryClient();
    const request = new Request('http://localhost/search?brands=Audi,Tesla&models=Model%203');
    await preloadSearch({ request, params: {} } as unknown as LoaderFunctionArgs, client);

    expect(calls.map((call) => `${call.path} ${call.query.toString()}`).sort()).toEqual([
      '/v1/search manufacturerIds=Audi%2CTesla&modelIds=Model+3',
      '/v1/search/manufacturers ',
      '/v1/search/models manufacturerIds=Audi%2CTesla',
    ]);
    // The page that mounts right after finds its cards there and fresh: it does not ask a second time.
    const { queryKey } = vehiclesQueryOptions({ ...EMPTY_FILTER, brands: ['Audi', 'Tesla'], models: ['Model 3'] });
    expect(client.getQueryData(queryKey)).toEqual([]);
    expect(client.getQueryCache().find({ queryKey })?.isStale()).toBe(false);
  });

  it('asks for the order and the numbers of the address too (ADR 0062)', async () => {
    const calls = stubCatalogApi(() => jsonResponse(200, []));
    const request = new Request('http://localhost/search?minRange=400&maxRate=300&sort=rate');
    await preloadSearch({ request, params: {} } as unknown as LoaderFunctionArgs, new QueryClient());
    expect(calls.find((call) => call.path === '/v1/search')?.query.toString()).toBe(
      'minRangeKm=400&maxRateEur=300&sort=rate',
    );
  });
});
