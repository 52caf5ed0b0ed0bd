import {
  API_KEYS_MAX,
  type ApiKey,
  type ApiKeyCreated,
  type ApiKeyCreateRequest,
  type ApiKeyScope,
} from '@leasing/contract';
import { and, asc, count, eq, isNull, lt, or } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { apiKeys } from '../../db/schema-integrations.js';
import { runAsSystem } from '../../db/scope.js';
import { recordAudit } from '../../lib/audit.js';
import {
  bearerSecretInForce,
  bearerSecretMatches,
  bearerSecretPrefix,
  issueBearerSecret,
  LAST_USED_STEP_MS,
  requestedExpiry,
} from '../../lib/bearer-secrets.js';
import type { Clock } from '../../lib/clock.js';
import { conflict, notFound } from '../../lib/errors.js';
import { consume, type LimitRule, type RateLimiter } from '../../lib/rate-limiter.js';
import type { ApiKeyHolder } from '../../plugins/authenticate.js';
import { scopeAllows } from './scopes.js';

type KeyRow = typeof apiKeys.$inferSelect;

export interface IntegrationDeps {
  db: Database;
  clock: Clock;
  limiter: RateLimiter;
}

/** "lk_" and 8 hex characters name the key; 32 random bytes are its secret (lib/bearer-secrets.ts). */
const KEY_LABEL = 'lk';

/** A key's own budget: a payroll system's nightly sync, not a flood (per key, on every instance). */
export const API_KEY_LIMIT = { limit: 600, windowMs: 60_000 } as const satisfies LimitRule;

function view(row: KeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: `lk_${row.prefix}`,
    scopes: row.scopes as ApiKeyScope[],
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

interface Admin {
  id: string;
  tenantId: string;
}

/** `POST /v1/tenant/api-keys`: the key, shown this once; stored as its SHA-256. */
export async function createApiKey(
  deps: IntegrationDeps,
  admin: Admin,
  request: ApiKeyCreateRequest,
  ctx: { requestId: string },
): Promise<ApiKeyCreated> {
  const now = deps.clock.now();
  const expiresAt = requestedExpiry(request.expiresAt, now);
  const key = issueBearerSecret(KEY_LABEL);
  const row = await deps.db.transaction(async (tx) => {
    const [held] = await tx
      .select({ n: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.tenantId, admin.tenantId), isNull(apiKeys.revokedAt)));
    if (Number(held?.n ?? 0) >= API_KEYS_MAX) throw conflict(`Höchstens ${API_KEYS_MAX} API-Schlüssel je Arbeitgeber.`);
    const [created] = await tx
      .insert(apiKeys)
      .values({
        tenantId: admin.tenantId,
        name: request.name,
        prefix: key.prefix,
        secretHash: key.hash,
        scopes: [...new Set(request.scopes)],
        createdBy: admin.id,
        createdAt: now,
        expiresAt,
      })
      .returning();
    if (!created) throw new Error('api key not stored');
    await recordAudit(tx, {
      actorUserId: admin.id,
      tenantId: admin.tenantId,
      action: 'tenant.api_key.created',
      subjectType: 'api_key',
      subjectId: created.id,
      fields: created.scopes,
      requestId: ctx.requestId,
      at: now,
    });
    return created;
  });
  return { ...view(row), key: key.value };
}

/** `GET /v1/tenant/api-keys`: the employer's keys in force, oldest first, never a secret. */
export async function listApiKeys(deps: IntegrationDeps, admin: Admin): Promise<ApiKey[]> {
  const rows = await deps.db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.tenantId, admin.tenantId), isNull(apiKeys.revokedAt)))
    .orderBy(asc(apiKeys.createdAt), asc(apiKeys.id));
  return rows.map(view);
}

/** `DELETE /v1/tenant/api-keys/{id}`: revoked at once; the next request with it is a 401 on every instance. */
export async function revokeApiKey(
  deps: IntegrationDeps,
  admin: Admin,
  id: string,
  ctx: { requestId: string },
): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(apiKeys)
      .set({ revokedAt: now })
      .where(and(eq(apiKeys.id, id), eq(apiKeys.tenantId, admin.tenantId), isNull(apiKeys.revokedAt)))
      .returning({ id: apiKeys.id });
    if (!revoked) throw notFound('API-Schlüssel nicht gefunden');
    await recordAudit(tx, {
      actorUserId: admin.id,
      tenantId: admin.tenantId,
      action: 'tenant.api_key.revoked',
      subjectType: 'api_key',
      subjectId: id,
      requestId: ctx.requestId,
      at: now,
    });
  });
}

/**
 * The sign-in of a key (`plugins/authenticate.ts` asks, app.ts wires it): the key found by its prefix
 * and compared by its hash in constant time, not revoked, not expired. Its own rate limit; every use
 * audited with the key's name and the route. Acts as a tenant admin of its employer, in the name of
 * the admin who made it (whose id the audit and the database's row-level scope carry).
 */
export async function authenticateApiKey(
  deps: IntegrationDeps,
  key: string,
  route: { method: string; url: string; requestId: string },
): Promise<ApiKeyHolder | null> {
  const prefix = bearerSecretPrefix(KEY_LABEL, key);
  if (!prefix) return null;
  const now = deps.clock.now();
  return runAsSystem(async () => {
    const [row] = await deps.db.select().from(apiKeys).where(eq(apiKeys.prefix, prefix));
    if (!row || !bearerSecretInForce(row, now) || !bearerSecretMatches(key, row.secretHash)) return null;
    await consume(deps.limiter, `api-key:${row.id}`, API_KEY_LIMIT);
    const routeKey = `${route.method} ${route.url}`;
    const allowed = scopeAllows(row.scopes, routeKey);
    await deps.db.transaction(async (tx) => {
      await recordAudit(tx, {
        actorUserId: row.createdBy,
        tenantId: row.tenantId,
        action: allowed ? 'tenant.api_key.used' : 'tenant.api_key.refused',
        subjectType: 'api_key',
        subjectId: row.id,
        fields: [`key:${row.name}`, routeKey],
        requestId: route.requestId,
        at: now,
      });
      await tx
        .update(apiKeys)
        .set({ lastUsedAt: now })
        .where(
          and(
            eq(apiKeys.id, row.id),
            or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, new Date(now.getTime() - LAST_USED_STEP_MS))),
          ),
        );
    });
    return { keyId: row.id, keyName: row.name, tenantId: row.tenantId, actingUserId: row.createdBy, allowed };
  });
}
