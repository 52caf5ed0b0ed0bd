import path from 'node:path';

import { z } from 'zod';

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
  HOST: z.string().min(1).default('0.0.0.0'),
  /** Where the embedded database, its lock and generated keys live. */
  DATA_DIR: z.string().min(1).default('./data'),
  /** A real PostgreSQL server; when unset the embedded PGlite in DATA_DIR is used. */
  DATABASE_URL: z
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
  /** Public origin of the web app, used in links in e-mails. */
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
  /** Orders not signed within this many days expire. */
  ORDER_EXPIRY_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** Where the built web app is; the API serves it with an SPA fallback. */
  WEB_DIST_DIR: z.string().min(1).optional(),
});

export interface AppConfig {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  demoData: boolean;
  demoCatalogSize: number | undefined;
  jwtSecret: string | undefined;
  dataEncryptionKey: string | undefined;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  identProviderUrl: string | undefined;
  identProviderApiKey: string | undefined;
  identCallbackSecret: string | undefined;
  orderExpiryDays: number;
  webDistDir: string;
  /** Development conveniences (mailbox, locale recording) are on only here. */
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
  const demoData = e.DEMO_DATA ?? e.NODE_ENV !== 'production';
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    demoData,
    demoCatalogSize: e.DEMO_CATALOG_SIZE,
    jwtSecret: e.JWT_SECRET,
    dataEncryptionKey: e.DATA_ENCRYPTION_KEY,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    identProviderUrl: e.IDENT_PROVIDER_URL,
    identProviderApiKey: e.IDENT_PROVIDER_API_KEY,
    identCallbackSecret: e.IDENT_CALLBACK_SECRET,
    orderExpiryDays: e.ORDER_EXPIRY_DAYS,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? defaultWebDist()),
    devTools: e.NODE_ENV !== 'production' || demoData,
  };
}

function defaultWebDist(): string {
  // apps/api/{src,dist}/config -> apps/web/dist
  return path.resolve(import.meta.dirname, '../../../web/dist');
}
