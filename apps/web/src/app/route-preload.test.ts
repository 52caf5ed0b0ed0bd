import { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { authStore } from '../lib/auth-store';
import { preloadRoute } from './route-preload';

const args = (url: string) => ({ request: new Request(url), params: {} }) as unknown as LoaderFunctionArgs;
const client = new QueryClient();
const queryClient = () => Promise.resolve(client);

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('preloadRoute', () => {
  afterEach(() => {
    authStore.clearAuthData();
  });

  it("starts a signed-in visitor's data with the route's module and returns at once", async () => {
    authStore.setAuthData({ accessToken: 'access', refreshToken: 'refresh' });
    const preload = vi.fn().mockResolvedValue(undefined);
    const loader = preloadRoute({ data: () => Promise.resolve({ preload }), queryClient });

    const request = args('http://localhost/search?brands=Audi');
    expect(loader(request)).toBeNull();
    expect(preload).not.toHaveBeenCalled();
    await settle();
    expect(preload).toHaveBeenCalledWith(request, client);
  });

  it('asks for no data without auth data: the visitor is on the way to /login', async () => {
    const data = vi.fn();
    expect(preloadRoute({ data, queryClient })(args('http://localhost/search'))).toBeNull();
    await settle();
    expect(data).not.toHaveBeenCalled();
  });

  it('leaves a failed preload to the page, which asks again', async () => {
    authStore.setAuthData({ accessToken: 'access', refreshToken: 'refresh' });
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const loader = preloadRoute({ data: () => Promise.reject(new Error('chunk failed')), queryClient });
      expect(loader(args('http://localhost/profile/salary'))).toBeNull();
      await settle();
      await settle();
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});
