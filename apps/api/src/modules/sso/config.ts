import type { TenantSsoConfig, TenantSsoUpdateRequest } from '@leasing/contract';
import { and, eq, inArray, ne } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { ssoDomains, tenantSso } from '../../db/schema-sso.js';
import { runAsSystem } from '../../db/scope.js';
import { recordAudit } from '../../lib/audit.js';
import { AppError, conflict } from '../../lib/errors.js';
import type { FieldCipher } from '../../lib/field-encryption.js';
import { tenantFactsOf } from '../tenants/index.js';
import { callbackUrlOf, type SsoDeps } from './deps.js';
import { discoverClient, type ClientSettings } from './issuer.js';

type SsoRow = typeof tenantSso.$inferSelect;

/** The client secret is bound to its employer's row: copied to another, it does not decrypt. */
const secretAad = (tenantId: string) => `tenant_sso.client_secret:${tenantId}`;

/** An employer's sign-in as the flows use it: the secret decrypted, the domains with it. */
export interface SsoSettings extends ClientSettings {
  enabled: boolean;
  requireSso: boolean;
  domains: string[];
}

interface Admin {
  id: string;
  tenantId: string;
}

function secretOf(cipher: FieldCipher, row: SsoRow): string {
  return cipher.decrypt(
    { keyId: row.clientSecretKeyId, iv: row.clientSecretIv, ciphertext: row.clientSecretCiphertext },
    secretAad(row.tenantId),
  );
}

async function domainsOf(db: Database, tenantId: string): Promise<string[]> {
  const rows = await db
    .select({ domain: ssoDomains.domain })
    .from(ssoDomains)
    .where(eq(ssoDomains.tenantId, tenantId))
    .orderBy(ssoDomains.domain);
  return rows.map((r) => r.domain);
}

/** The employer's sign-in with its secret, or null when HR has configured none. */
export async function ssoSettingsOf(deps: { db: Database; cipher: FieldCipher }, tenantId: string) {
  const [row] = await deps.db.select().from(tenantSso).where(eq(tenantSso.tenantId, tenantId));
  if (!row) return null;
  const settings: SsoSettings = {
    tenantId,
    issuer: row.issuer,
    clientId: row.clientId,
    clientSecret: secretOf(deps.cipher, row),
    updatedAt: row.updatedAt,
    enabled: row.enabled,
    requireSso: row.requireSso,
    domains: await domainsOf(deps.db, tenantId),
  };
  return settings;
}

/** The employer an e-mail domain belongs to, if any employer named it. */
export async function tenantOfDomain(db: Database, domain: string): Promise<string | null> {
  const [row] = await db
    .select({ tenantId: ssoDomains.tenantId })
    .from(ssoDomains)
    .where(eq(ssoDomains.domain, domain));
  return row?.tenantId ?? null;
}

/** A deactivated employer signs nobody in by its company account. */
export async function employerEnabled(db: Database, tenantId: string): Promise<boolean> {
  return (await tenantFactsOf(db, [tenantId])).get(tenantId)?.enabled === true;
}

function view(publicUrl: string, row: SsoRow | undefined, domains: string[]): TenantSsoConfig {
  return {
    configured: row !== undefined,
    issuer: row?.issuer ?? null,
    clientId: row?.clientId ?? null,
    clientSecretSet: row !== undefined,
    emailDomains: domains,
    enabled: row?.enabled ?? false,
    requireSso: row?.requireSso ?? false,
    callbackUrl: callbackUrlOf(publicUrl),
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

/** `GET /v1/tenant/sso`: the configuration, never the secret (only whether one is stored). */
export async function readTenantSso(deps: SsoDeps, admin: Admin): Promise<TenantSsoConfig> {
  const [row] = await deps.db.select().from(tenantSso).where(eq(tenantSso.tenantId, admin.tenantId));
  return view(deps.publicUrl, row, row ? await domainsOf(deps.db, admin.tenantId) : []);
}

const discoveryFailed = () =>
  new AppError(
    'SSO_DISCOVERY_FAILED',
    'Unter dieser Aussteller-URL wurde kein passender Identitätsanbieter gefunden (OpenID Connect Discovery). Bitte prüfen Sie die Adresse.',
    { errors: [{ field: 'issuer', message: 'discovery' }] },
  );

const domainTaken = (domain: string) =>
  conflict(`Die E-Mail-Domain „${domain}“ ist bereits einem anderen Arbeitgeber zugeordnet.`);

const isUniqueViolation = (error: unknown): boolean => {
  const code = (error as { code?: unknown; cause?: { code?: unknown } } | null)?.code;
  const causeCode = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  return code === '23505' || causeCode === '23505';
};

/** The fields a save changed, for the audit (names, never values). */
function changedFields(before: SsoRow | undefined, beforeDomains: string[], input: TenantSsoUpdateRequest): string[] {
  const fields: string[] = [];
  if (before?.issuer !== input.issuer) fields.push('issuer');
  if (before?.clientId !== input.clientId) fields.push('clientId');
  if (input.clientSecret !== undefined) fields.push('clientSecret');
  if ([...beforeDomains].sort().join() !== [...input.emailDomains].sort().join()) fields.push('emailDomains');
  if (before?.enabled !== input.enabled) fields.push('enabled');
  if (before?.requireSso !== input.requireSso) fields.push('requireSso');
  return fields;
}

/**
 * `PUT /v1/tenant/sso`: checked by discovery at the issuer before it is stored (a German 422 on
 * `issuer` when that fails), the secret kept when none is given, each domain one employer's only
 * (409). The issuer is stored as the provider's document names it: the ID tokens' `iss` is compared
 * with it.
 */
export async function saveTenantSso(
  deps: SsoDeps,
  admin: Admin,
  input: TenantSsoUpdateRequest,
  ctx: { requestId: string },
): Promise<TenantSsoConfig> {
  if (deps.production && !input.issuer.startsWith('https://')) {
    throw new AppError('VALIDATION_FAILED', 'Die Aussteller-URL muss mit https:// beginnen.', {
      errors: [{ field: 'issuer', message: 'https' }],
    });
  }
  const [before] = await deps.db.select().from(tenantSso).where(eq(tenantSso.tenantId, admin.tenantId));
  const beforeDomains = before ? await domainsOf(deps.db, admin.tenantId) : [];
  const secret = input.clientSecret ?? (before ? secretOf(deps.cipher, before) : null);
  if (secret === null) {
    throw new AppError('VALIDATION_FAILED', 'Bitte geben Sie das Client-Secret an.', {
      errors: [{ field: 'clientSecret', message: 'required' }],
    });
  }
  // Another employer's domains are outside HR's rows: the platform looks, and names the first one taken.
  const [taken] = await runAsSystem(() =>
    deps.db
      .select({ domain: ssoDomains.domain })
      .from(ssoDomains)
      .where(and(inArray(ssoDomains.domain, input.emailDomains), ne(ssoDomains.tenantId, admin.tenantId)))
      .limit(1),
  );
  if (taken) throw domainTaken(taken.domain);
  let issuer: string;
  try {
    const config = await discoverClient(
      { issuer: input.issuer, clientId: input.clientId, clientSecret: secret },
      deps.production,
    );
    issuer = config.serverMetadata().issuer;
  } catch {
    throw discoveryFailed();
  }
  const now = deps.clock.now();
  const encrypted =
    input.clientSecret === undefined && before ? null : deps.cipher.encrypt(secret, secretAad(admin.tenantId));
  const fields = changedFields(before, beforeDomains, { ...input, issuer });
  await deps.db
    .transaction(async (tx) => {
      const values = {
        issuer,
        clientId: input.clientId,
        enabled: input.enabled,
        requireSso: input.requireSso,
        updatedAt: now,
        updatedBy: admin.id,
        ...(encrypted
          ? {
              clientSecretKeyId: encrypted.keyId,
              clientSecretIv: encrypted.iv,
              clientSecretCiphertext: encrypted.ciphertext,
            }
          : {}),
      };
      if (before) await tx.update(tenantSso).set(values).where(eq(tenantSso.tenantId, admin.tenantId));
      else if (encrypted) {
        await tx.insert(tenantSso).values({
          ...values,
          tenantId: admin.tenantId,
          clientSecretKeyId: encrypted.keyId,
          clientSecretIv: encrypted.iv,
          clientSecretCiphertext: encrypted.ciphertext,
          createdAt: now,
        });
      }
      await tx.delete(ssoDomains).where(eq(ssoDomains.tenantId, admin.tenantId));
      await tx.insert(ssoDomains).values(input.emailDomains.map((domain) => ({ domain, tenantId: admin.tenantId })));
      await recordAudit(tx, {
        actorUserId: admin.id,
        tenantId: admin.tenantId,
        action: before ? 'tenant.sso.updated' : 'tenant.sso.created',
        subjectType: 'tenant_sso',
        subjectId: admin.tenantId,
        fields,
        requestId: ctx.requestId,
        at: now,
      });
    })
    .catch((error: unknown) => {
      // Another employer named the same domain in the same moment: the primary key lets one through.
      if (isUniqueViolation(error))
        throw conflict('Eine der E-Mail-Domains ist bereits einem anderen Arbeitgeber zugeordnet.');
      throw error;
    });
  return readTenantSso(deps, admin);
}
