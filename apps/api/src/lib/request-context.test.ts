import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';

import { currentDbScope } from '../db/scope.js';
import { enterPlatformScope, enterRequestContext, enterSignInScope } from './request-context.js';

/**
 * Fail closed: a route nobody thought about runs as an anonymous asker (no personal row; see
 * db/rls.test.ts), never as the platform. Sign-in and platform routes opt in by name.
 */
describe('database scope of a request', () => {
  const appWith = async () => {
    const app = Fastify();
    app.addHook('onRequest', enterRequestContext);
    app.get('/plain', async () => currentDbScope());
    app.get('/sign-in', { onRequest: enterSignInScope }, async () => currentDbScope());
    app.get('/platform', { onRequest: enterPlatformScope }, async () => currentDbScope());
    await app.ready();
    return app;
  };

  it('is anonymous unless the route says otherwise', async () => {
    const app = await appWith();
    try {
      const scopeOf = async (url: string) => (await app.inject({ url })).json<{ role: string }>().role;
      expect(await scopeOf('/plain')).toBe('ANONYMOUS');
      expect(await scopeOf('/sign-in')).toBe('SIGN_IN');
      expect(await scopeOf('/platform')).toBe('SYSTEM');
      // Nothing carries over from one request to the next.
      expect(await scopeOf('/plain')).toBe('ANONYMOUS');
    } finally {
      await app.close();
    }
  });

  it('is the platform outside any request (jobs)', () => {
    expect(currentDbScope().role).toBe('SYSTEM');
  });
});
