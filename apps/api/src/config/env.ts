import net from 'node:net';
import path from 'node:path';

import { z } from 'zod';

import type { TrustProxySetting } from '../lib/trusted-proxies.js';

/**
 * Configuration from the environment, parsed once at start-up. A bad value stops the start with
 * one line naming the variable (see `formatConfigError`), never with a stack trace.
 */
const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  /** Interface to listen on. Default: loopback outside production, every interface in production. */
  HOST: z.string().min(1).optional(),
  /**
   * Which proxies in front of the app to believe about the client address (X-Forwarded-For) and the
   * request id (X-Request-Id): a comma-separated list of their addresses/CIDRs (recommended), or a hop
   * count (`1` = one nginx), which believes any peer (a warning at start when HOST is not private,
   * lib/trusted-proxies.ts). Unset: both headers are ignored.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .min(1)
    .refine(isTrustProxyValue, 'must be a hop count (1-10) or a comma-separated list of IP addresses/CIDRs')
    .optional(),
  /** Where the embedded database, its lock and generated keys live. */
  DATA_DIR: z.string().min(1).default('./data'),
  /** A real PostgreSQL server; when unset the embedded PGlite in DATA_DIR is used. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  /**
   * The tables' owner, for the migrations only. With it, DATABASE_URL names a login role that is a
   * member of leasing_app and owns nothing (docs/deploy.md): the application then cannot switch off
   * row-level security or leave its role, even through an injected statement.
   */
  DATABASE_OWNER_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Load the demo tenant and accounts into an empty database. Defaults to on outside production. */
  DEMO_DATA: booleanString.optional(),
  /** Load test option: synthetic variants until the demo catalogue holds this many vehicles. */
  DEMO_CATALOG_SIZE: z.coerce.number().int().min(1).max(100_000).optional(),
  /** HS256 secret for access tokens (at least 32 characters). Generated into DATA_DIR when unset. */
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** AES-256 key (base64, 32 bytes) for personal data at rest. Generated into DATA_DIR when unset. */
  DATA_ENCRYPTION_KEY: z
    .string()
    .refine((v) => Buffer.from(v, 'base64').length === 32, 'must be 32 bytes in base64')
    .optional(),
  /**
   * Public origin of the web app, used in links in e-mails and as the way back from the providers'
   * pages. Required in production; unset outside it, a browser on this machine is sent back to the
   * loopback address it came from (lib/browser-origin.ts).
   */
  PUBLIC_URL: z.string().url().optional(),
  /** SMTP server for outgoing mail (smtp://user:pass@host:port or smtps://). Unset: mails stay in the database. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  /** Sender address of outgoing mail. */
  MAIL_FROM: z.string().min(3).default('E-Auto-Leasing <no-reply@e-auto-leasing.example>'),
  /** The identity/signature provider's API root. Unset outside production: the built-in simulator. */
  IDENT_PROVIDER_URL: z.string().url().optional(),
  IDENT_PROVIDER_API_KEY: z.string().min(16).optional(),
  /** Secret the provider signs callbacks with (HMAC-SHA256). */
  IDENT_CALLBACK_SECRET: z.string().min(16).optional(),
  /** CSC API v2 root of the remote-signing service (QTSP). Unset outside production: the built-in one. */
  CSC_BASE_URL: z.string().url().optional(),
  CSC_CLIENT_ID: z.string().min(1).optional(),
  CSC_CLIENT_SECRET: z.string().min(16).optional(),
  /** The RFC 3161 time-stamp authority for signature timestamps. */
  CSC_TSA_URL: z.string().url().optional(),
  /** PEM file with the roots signatures must chain to (the QTSP's). Unset: the built-in service's test root. */
  CSC_TRUST_ANCHORS: z.string().min(1).optional(),
  /**
   * The userID the QTSP knows the employee by, a template over the identification (ADR 0051):
   * `{identCaseId}` (the identity provider's case id of the order's identification) and `{userId}`
   * (the platform's id of the person). Never a name.
   */
  CSC_SIGNER_USER_ID: userIdTemplate(['identCaseId', 'userId']).default('{identCaseId}'),
  /** The userID of the employer's seal credential: a template over `{tenantId}` (ADR 0051). */
  CSC_SEAL_USER_ID: userIdTemplate(['tenantId']).default('seal-{tenantId}'),
  /**
   * What the platform answers for a seal credential's authentication objects (`auth/objects` of CSC
   * credentials/info, explicit mode), form-encoded: `PIN=123456`. Unset outside production with the
   * built-in trust service: its generated PIN.
   */
  CSC_SEAL_AUTH_DATA: z
    .string()
    .refine((v) => [...new URLSearchParams(v).keys()].length > 0, 'must name at least one object, e.g. PIN=123456')
    .optional(),
  /** Orders not signed within this many days expire. */
  ORDER_EXPIRY_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** Bearer token that opens `GET /metrics` on the app's port (Prometheus). Unset: no metrics there. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** A separate port for `GET /metrics` without a token (bind it to an internal interface via HOST). */
  METRICS_PORT: z.coerce.number().int().min(1).max(65_535).optional(),
  /** Where the built web app is; the API serves it with an SPA fallback. */
  WEB_DIST_DIR: z.string().min(1).optional(),
  /**
   * A Plausible-compatible page-view script in manual mode (a self-hosted Plausible's `script.manual.js`).
   * Loaded in the browser only after the visitor consents; its origin is the only one added to the CSP.
   * Unset: no banner, nothing loaded.
   */
  ANALYTICS_SCRIPT_URL: z
    .url()
    .refine(isAnalyticsScriptUrl, 'must be an https:// URL (http:// only for localhost)')
    // The app reports each page view itself, with the codes of invitation and reset links taken out;
    // a script that counted on its own would send those links to the analytics host.
    .refine(isManualScript, "must be the script's manual variant (a file name with .manual., e.g. script.manual.js)")
    .optional(),
  /** The site name page views are counted under. Default: the host of PUBLIC_URL. */
  ANALYTICS_SITE: z
    .string()
    .regex(/^[A-Za-z0-9.-]{1,253}$/, 'must be a host name such as leasing.example.com')
    .optional(),
  /** Per-phase `Server-Timing` header on every answer (lib/request-timing.ts); refused in production. */
  SERVER_TIMING: booleanString.optional(),
  /** Redis for state several instances must share (rate-limit budgets). Unset: kept in this process. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
});

/**
 * A userID template: at least one of the allowed `{placeholders}` and no other, so that no operator
 * maps every person to one QTSP user by mistake.
 */
function userIdTemplate(allowed: readonly string[]) {
  return z
    .string()
    .max(200)
    .refine((v) => /\{[a-zA-Z]+\}/.test(v), `must contain one of ${allowed.map((a) => `{${a}}`).join(', ')}`)
    .refine(
      (v) => [...v.matchAll(/\{([a-zA-Z]*)\}?/g)].every((m) => allowed.includes(m[1] ?? '') && m[0].endsWith('}')),
      `may only contain ${allowed.map((a) => `{${a}}`).join(', ')}`,
    );
}

export interface AppConfig {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** The proxies' addresses/CIDRs or a hop count (lib/trusted-proxies.ts); false ignores the headers. */
  trustProxy: TrustProxySetting;
  dataDir: string;
  databaseUrl: string | undefined;
  databaseOwnerUrl: string | undefined;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  demoData: boolean;
  demoCatalogSize: number | undefined;
  jwtSecret: string | undefined;
  dataEncryptionKey: string | undefined;
  publicUrl: string;
  /**
   * PUBLIC_URL was left unset outside production: the way back from a provider's page follows the
   * loopback address the browser used (`localhost` or `127.0.0.1`), see lib/browser-origin.ts.
   */
  originFromHost: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  identProviderUrl: string | undefined;
  identProviderApiKey: string | undefined;
  identCallbackSecret: string | undefined;
  csc: {
    baseUrl?: string;
    clientId?: string;
    clientSecret?: string;
    tsaUrl?: string;
    trustAnchorsFile?: string;
    /** userID templates (ADR 0051). */
    userIds: { signer: string; seal: string };
    /** The seal credentials' authentication objects, id → value. */
    sealAuthData?: Record<string, string>;
  };
  orderExpiryDays: number;
  webDistDir: string;
  metricsToken: string | undefined;
  metricsPort: number | undefined;
  redisUrl: string | undefined;
  /** Per-phase Server-Timing headers (measurement only, never in production). */
  serverTiming: boolean;
  /** Page analytics after consent; null when not configured. */
  analytics: { scriptUrl: string; site: string } | null;
  /**
   * Development conveniences (mailbox, identity simulator, locale recording): never in production,
   * whatever DEMO_DATA says, and even then answered only to loopback clients (plugins/dev-only.ts).
   */
  devTools: boolean;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = issue?.path.join('.') ?? 'environment';
    throw new ConfigError(`Invalid configuration: ${variable} ${issue?.message ?? 'is invalid'}`);
  }
  const e = parsed.data;
  if (e.DATABASE_URL && (!e.JWT_SECRET || !e.DATA_ENCRYPTION_KEY)) {
    // Generated secrets live in one DATA_DIR: instances sharing a server would each make their own,
    // and one instance could neither read another's tokens nor decrypt its salary profiles.
    throw new ConfigError(
      `Invalid configuration: ${e.JWT_SECRET ? 'DATA_ENCRYPTION_KEY' : 'JWT_SECRET'} must be set explicitly with DATABASE_URL (every instance needs the same)`,
    );
  }
  if (e.DATABASE_OWNER_URL && !e.DATABASE_URL) {
    throw new ConfigError('Invalid configuration: DATABASE_OWNER_URL needs DATABASE_URL (the application role)');
  }
  if (e.SERVER_TIMING && e.NODE_ENV === 'production') {
    // The phases would tell any client how long the database took for whom.
    throw new ConfigError('Invalid configuration: SERVER_TIMING is for measurements outside production');
  }
  if (e.NODE_ENV === 'production' && !e.PUBLIC_URL) {
    // Links in mails and the way back from the identity and trust services name this origin: guessed
    // from a request, a forged Host header could send a person's signature elsewhere.
    throw new ConfigError('Invalid configuration: PUBLIC_URL must be set in production');
  }
  const demoData = e.DEMO_DATA ?? e.NODE_ENV !== 'production';
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST ?? (e.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1'),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databaseOwnerUrl: e.DATABASE_OWNER_URL,
    logLevel: e.LOG_LEVEL,
    demoData,
    demoCatalogSize: e.DEMO_CATALOG_SIZE,
    jwtSecret: e.JWT_SECRET,
    dataEncryptionKey: e.DATA_ENCRYPTION_KEY,
    publicUrl,
    originFromHost: !e.PUBLIC_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    identProviderUrl: e.IDENT_PROVIDER_URL,
    identProviderApiKey: e.IDENT_PROVIDER_API_KEY,
    identCallbackSecret: e.IDENT_CALLBACK_SECRET,
    csc: {
      baseUrl: e.CSC_BASE_URL,
      clientId: e.CSC_CLIENT_ID,
      clientSecret: e.CSC_CLIENT_SECRET,
      tsaUrl: e.CSC_TSA_URL,
      trustAnchorsFile: e.CSC_TRUST_ANCHORS,
      userIds: { signer: e.CSC_SIGNER_USER_ID, seal: e.CSC_SEAL_USER_ID },
      ...(e.CSC_SEAL_AUTH_DATA ? { sealAuthData: Object.fromEntries(new URLSearchParams(e.CSC_SEAL_AUTH_DATA)) } : {}),
    },
    orderExpiryDays: e.ORDER_EXPIRY_DAYS,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? defaultWebDist()),
    metricsToken: e.METRICS_TOKEN,
    metricsPort: e.METRICS_PORT,
    redisUrl: e.REDIS_URL,
    serverTiming: e.SERVER_TIMING ?? false,
    analytics: e.ANALYTICS_SCRIPT_URL
      ? { scriptUrl: e.ANALYTICS_SCRIPT_URL, site: e.ANALYTICS_SITE ?? new URL(publicUrl).hostname }
      : null,
    devTools: e.NODE_ENV !== 'production',
  };
}

// Page views carry the visited address: in the clear only to this machine.
function isAnalyticsScriptUrl(value: string): boolean {
  const url = new URL(value);
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

function isManualScript(value: string): boolean {
  const file = new URL(value).pathname.split('/').at(-1) ?? '';
  return /\.manual\.([a-z.-]+\.)?js$/.test(file);
}

function isTrustProxyValue(value: string): boolean {
  if (/^\d+$/.test(value)) return Number(value) >= 1 && Number(value) <= 10;
  return value.split(',').every((part) => isAddressOrCidr(part.trim()));
}

function isAddressOrCidr(value: string): boolean {
  const [address = '', bits, ...rest] = value.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d+$/.test(bits) && n >= 0 && n <= (family === 4 ? 32 : 128);
}

function parseTrustProxy(value: string | undefined): number | string[] | false {
  if (value === undefined) return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((part) => part.trim());
}

function defaultWebDist(): string {
  // apps/api/{src,dist}/config -> apps/web/dist
  return path.resolve(import.meta.dirname, '../../../web/dist');
}
