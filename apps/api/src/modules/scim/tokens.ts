import { SCIM_TOKENS_MAX, type ScimToken, type ScimTokenCreated, type ScimTokenCreateRequest } from '@leasing/contract';
import { and, asc, count, eq, isNull, lt, or } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { scimTokens } from '../../db/schema-scim.js';
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
import { tenantFactsOf } from '../tenants/index.js';
import type { ScimCaller } from './deps.js';

type TokenRow = typeof scimTokens.$inferSelect;

interface TokenDeps {
  db: Database;
  clock: Clock;
  limiter: RateLimiter;
  account: { publicUrl: string };
}

/** "scim_" and 8 hex characters name the token; 32 random bytes are its secret (lib/bearer-secrets.ts). */
const TOKEN_LABEL = 'scim';

/**
 * A token's own budget, counted on every instance (the shared limiter). A directory's first cycle
 * sends a GET and a POST per person back to back; 3,000 a minute (50 a second) lets a large employer
 * through in minutes while a stolen token cannot flood the people tables.
 */
export const SCIM_TOKEN_LIMIT = { limit: 3_000, windowMs: 60_000 } as const satisfies LimitRule;

/** Where the directory sends its requests (Entra's "Tenant URL"). */
export const scimUrlOf = (publicUrl: string) => `${publicUrl}/scim/v2`;

function view(row: TokenRow): ScimToken {
  return {
    id: row.id,
    name: row.name,
    prefix: `scim_${row.prefix}`,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

interface Admin {
  id: string;
  tenantId: string;
}

/** `POST /v1/tenant/scim-tokens`: the token, shown this once; stored as its SHA-256. */
export async function createScimToken(
  deps: TokenDeps,
  admin: Admin,
  request: ScimTokenCreateRequest,
  ctx: { requestId: string },
): Promise<ScimTokenCreated> {
  const now = deps.clock.now();
  const expiresAt = requestedExpiry(request.expiresAt, now);
  const token = issueBearerSecret(TOKEN_LABEL);
  const row = await deps.db.transaction(async (tx) => {
    const [held] = await tx
      .select({ n: count() })
      .from(scimTokens)
      .where(and(eq(scimTokens.tenantId, admin.tenantId), isNull(scimTokens.revokedAt)));
    if (Number(held?.n ?? 0) >= SCIM_TOKENS_MAX)
      throw conflict(`Höchstens ${SCIM_TOKENS_MAX} SCIM-Token je Arbeitgeber.`);
    const [created] = await tx
      .insert(scimTokens)
      .values({
        tenantId: admin.tenantId,
        name: request.name,
        prefix: token.prefix,
        secretHash: token.hash,
        createdBy: admin.id,
        createdAt: now,
        expiresAt,
      })
      .returning();
    if (!created) throw new Error('scim token not stored');
    await recordAudit(tx, {
      actorUserId: admin.id,
      tenantId: admin.tenantId,
      action: 'tenant.scim_token.created',
      subjectType: 'scim_token',
      subjectId: created.id,
      requestId: ctx.requestId,
      at: now,
    });
    return created;
  });
  return { ...view(row), token: token.value, scimUrl: scimUrlOf(deps.account.publicUrl) };
}

/** `GET /v1/tenant/scim-tokens`: the employer's tokens in force, oldest first, never a secret. */
export async function listScimTokens(deps: TokenDeps, admin: Admin): Promise<ScimToken[]> {
  const rows = await deps.db
    .select()
    .from(scimTokens)
    .where(and(eq(scimTokens.tenantId, admin.tenantId), isNull(scimTokens.revokedAt)))
    .orderBy(asc(scimTokens.createdAt), asc(scimTokens.id));
  return rows.map(view);
}

/** `DELETE /v1/tenant/scim-tokens/{id}`: revoked at once; the next request with it is a 401 on every instance. */
export async function revokeScimToken(
  deps: TokenDeps,
  admin: Admin,
  id: string,
  ctx: { requestId: string },
): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(scimTokens)
      .set({ revokedAt: now })
      .where(and(eq(scimTokens.id, id), eq(scimTokens.tenantId, admin.tenantId), isNull(scimTokens.revokedAt)))
      .returning({ id: scimTokens.id });
    if (!revoked) throw notFound('SCIM-Token nicht gefunden');
    await recordAudit(tx, {
      actorUserId: admin.id,
      tenantId: admin.tenantId,
      action: 'tenant.scim_token.revoked',
      subjectType: 'scim_token',
      subjectId: id,
      requestId: ctx.requestId,
      at: now,
    });
  });
}

/**
 * The sign-in of a SCIM request: the token found by its prefix (as the platform: nobody is known yet)
 * and compared by its hash in constant time, not revoked, not expired, its employer enabled. Its own
 * rate limit; every use audited with the token's name and the route. Null for anything else, which
 * the routes answer 401 alike.
 */
export async function authenticateScimToken(
  deps: TokenDeps,
  token: string,
  route: { method: string; url: string; requestId: string },
): Promise<ScimCaller | null> {
  const prefix = bearerSecretPrefix(TOKEN_LABEL, token);
  if (!prefix) return null;
  const now = deps.clock.now();
  return runAsSystem(async () => {
    const [row] = await deps.db.select().from(scimTokens).where(eq(scimTokens.prefix, prefix));
    if (!row || !bearerSecretInForce(row, now) || !bearerSecretMatches(token, row.secretHash)) return null;
    // An employer the provider switched off provisions no one.
    if (!(await tenantFactsOf(deps.db, [row.tenantId])).get(row.tenantId)?.enabled) return null;
    await consume(deps.limiter, `scim-token:${row.id}`, SCIM_TOKEN_LIMIT);
    await deps.db.transaction(async (tx) => {
      await recordAudit(tx, {
        actorUserId: row.createdBy,
        tenantId: row.tenantId,
        action: 'tenant.scim_token.used',
        subjectType: 'scim_token',
        subjectId: row.id,
        fields: [`token:${row.name}`, `${route.method} ${route.url}`],
        requestId: route.requestId,
        at: now,
      });
      await tx
        .update(scimTokens)
        .set({ lastUsedAt: now })
        .where(
          and(
            eq(scimTokens.id, row.id),
            or(isNull(scimTokens.lastUsedAt), lt(scimTokens.lastUsedAt, new Date(now.getTime() - LAST_USED_STEP_MS))),
          ),
        );
    });
    return { tokenId: row.id, tokenName: row.name, tenantId: row.tenantId, actingUserId: row.createdBy };
  });
}
