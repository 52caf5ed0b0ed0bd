import { Redis } from 'ioredis';

/**
 * The connection to Redis for shared state (rate-limit budgets). Commands fail at once while Redis is
 * away instead of queueing (the callers fall back to this process), and reconnects happen in the
 * background with a capped back-off, so a Redis outage never hangs a request.
 */
export async function connectRedis(url: string, waitMs = 3_000): Promise<Redis> {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    commandTimeout: 1_000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
    lazyConnect: false,
  });
  // Errors surface as failed commands (handled there); an unhandled 'error' event would crash the process.
  redis.on('error', () => undefined);
  // Start with a connection when Redis is there; when it is not, start anyway (budgets fall back to
  // this process; /health/ready and /metrics report Redis as degraded) rather than refuse to serve.
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, waitMs);
    timer.unref();
    redis.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  return redis;
}

/** Resolves when Redis answers PING. */
export async function pingRedis(redis: Redis): Promise<void> {
  const answer = await redis.ping();
  if (answer !== 'PONG') throw new Error(`unexpected answer ${answer}`);
}
