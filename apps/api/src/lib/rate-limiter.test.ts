import crypto from 'node:crypto';

import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, TestClock, type TestApp } from '../test-support/harness.js';
import { AUTH_LIMITS, consume, loginThrottle, RateLimiter } from './rate-limiter.js';
import { connectRedis } from './redis.js';

/** Redis for the shared-budget tests: CI runs one (as it runs PostgreSQL); without it they are skipped. */
const redisUrl = process.env['TEST_REDIS_URL'];
const rule = { limit: 3, windowMs: 60_000 };
const unique = (label: string) => `${label}:${crypto.randomUUID()}`;

describe('rate limiter in this process', () => {
  it('refuses the use past the budget and allows again when the window has passed', async () => {
    const clock = new TestClock();
    const limiter = new RateLimiter(clock);
    const key = unique('memory');
    for (let i = 0; i < rule.limit; i++) expect(await limiter.take(key, rule)).toBe(0);
    const wait = await limiter.take(key, rule);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(await limiter.retryAfter(key, rule)).toBe(wait);
    await expect(consume(limiter, key, rule)).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    clock.advance(rule.windowMs);
    expect(await limiter.retryAfter(key, rule)).toBe(0);
    expect(await limiter.take(key, rule)).toBe(0);
  });

  it('clears a key on reset', async () => {
    const limiter = new RateLimiter(new TestClock());
    const key = unique('reset');
    for (let i = 0; i <= rule.limit; i++) await limiter.hit(key, rule);
    expect(await limiter.retryAfter(key, rule)).toBeGreaterThan(0);
    await limiter.reset(key, rule);
    expect(await limiter.retryAfter(key, rule)).toBe(0);
  });
});

describe.skipIf(!redisUrl)('rate limiter shared through Redis', () => {
  let redisA: Redis;
  let redisB: Redis;
  beforeAll(async () => {
    [redisA, redisB] = await Promise.all([connectRedis(redisUrl ?? ''), connectRedis(redisUrl ?? '')]);
  });
  afterAll(async () => {
    await Promise.all([redisA.quit(), redisB.quit()]);
  });

  it('counts uses on two instances into one budget', async () => {
    const clock = new TestClock();
    const [a, b] = [new RateLimiter(clock, redisA), new RateLimiter(clock, redisB)];
    const key = unique('shared');
    expect(await a.take(key, rule)).toBe(0);
    expect(await b.take(key, rule)).toBe(0);
    expect(await a.take(key, rule)).toBe(0);
    expect(await b.take(key, rule)).toBeGreaterThan(0);
    expect(await a.retryAfter(key, rule)).toBeGreaterThan(0);
  });

  it('lets exactly the budget through when many requests race on both instances', async () => {
    const clock = new TestClock();
    const [a, b] = [new RateLimiter(clock, redisA), new RateLimiter(clock, redisB)];
    const key = unique('race');
    const waits = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).take(key, rule)));
    expect(waits.filter((wait) => wait === 0)).toHaveLength(rule.limit);
  });

  it("counts a known device's login budget and its loss of trust on every instance", async () => {
    // Early in a day: the day's count of the device does not roll over during the test.
    const clock = new TestClock(new Date('2026-12-01T01:00:00Z'));
    const [a, b] = [new RateLimiter(clock, redisA), new RateLimiter(clock, redisB)];
    const account = `${crypto.randomUUID()}@example.com`;
    const device = crypto.randomBytes(16).toString('base64url');
    const fail = async (limiter: RateLimiter) => {
      const throttle = await loginThrottle(limiter, account, '10.0.0.1', device);
      return { trusted: throttle.trusted, wait: await throttle.attempt() };
    };
    const perWindow = AUTH_LIMITS.loginFailuresPerDevice.limit;
    for (let i = 0; i < perWindow; i++) expect(await fail(i % 2 ? a : b)).toEqual({ trusted: true, wait: 0 });
    expect((await fail(a)).wait).toBeGreaterThan(0);
    expect((await fail(b)).wait).toBeGreaterThan(0);
    // The next window: the device's budget again, until the day's failures take its trust.
    clock.advance(AUTH_LIMITS.loginFailuresPerDevice.windowMs);
    for (let i = perWindow; i < AUTH_LIMITS.loginFailuresPerDeviceDay.limit; i++) {
      expect((await fail(i % 2 ? a : b)).trusted).toBe(true);
    }
    expect((await fail(a)).trusted).toBe(false);
    expect((await fail(b)).trusted).toBe(false);
  });

  it('keeps counting in the process when Redis is unreachable, instead of failing requests', async () => {
    const away = await connectRedis('redis://127.0.0.1:1', 200);
    try {
      const limiter = new RateLimiter(new TestClock(), away);
      const key = unique('away');
      for (let i = 0; i < rule.limit; i++) expect(await limiter.take(key, rule)).toBe(0);
      expect(await limiter.take(key, rule)).toBeGreaterThan(0);
    } finally {
      away.disconnect();
    }
  });

  describe('two app instances behind one balancer', () => {
    let first: TestApp;
    let second: TestApp;
    beforeAll(async () => {
      const env = { REDIS_URL: redisUrl ?? '' };
      [first, second] = await Promise.all([createTestApp('pglite', { env }), createTestApp('pglite', { env })]);
    });
    afterAll(async () => {
      await Promise.all([first.close(), second.close()]);
    });

    it('holds the per-account login limit however the attempts are spread', async () => {
      const account = `${crypto.randomUUID()}@example.com`;
      const ip = `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;
      const attempt = (t: TestApp) =>
        t.app.inject({
          method: 'POST',
          url: '/v1/auth/login',
          remoteAddress: ip,
          payload: { username: account, password: 'falsch-falsch' },
        });
      for (let i = 0; i < AUTH_LIMITS.loginFailuresPerAccountAndIp.limit; i++) {
        expect((await attempt(i % 2 ? first : second)).statusCode).toBe(200);
      }
      const [onFirst, onSecond] = [await attempt(first), await attempt(second)];
      expect(onFirst.statusCode).toBe(429);
      expect(onSecond.statusCode).toBe(429);
      expect(Number(onSecond.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('reports Redis as a passed check while it answers', async () => {
      const ready = await first.app.inject({ method: 'GET', url: '/health/ready' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toMatchObject({ checks: { redis: 'ok' } });
    });
  });
});
