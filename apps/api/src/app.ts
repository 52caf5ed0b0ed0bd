import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

import helmet from '@fastify/helmet';
import { defaultUserInfoConfig } from '@leasing/contract';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';

import type { AppConfig } from './config/env.js';
import type { DatabaseHandle } from './db/client.js';
import { systemClock, type Clock } from './lib/clock.js';
import type { FieldCipher } from './lib/field-encryption.js';
import { loadOrCreateSecret } from './lib/secrets.js';
import { createSecurityEvents } from './lib/security-events.js';
import { redactUrl } from './lib/redact.js';
import { RateLimiter } from './lib/rate-limiter.js';
import { accountRoutes } from './modules/account/routes.js';
import { authRoutes } from './modules/auth/routes.js';
import { CatalogCache } from './modules/catalog/catalog-snapshot.js';
import { mediaRoutes } from './modules/catalog/media-routes.js';
import { PersonalRates } from './modules/catalog/personal-rates.js';
import { catalogRoutes } from './modules/catalog/routes.js';
import { createHttpIdentProvider } from './modules/ident/http-provider.js';
import { ProviderUnavailableError, type IdentProvider } from './modules/ident/provider.js';
import { simulatorPlugin } from './modules/ident/simulator.js';
import { OrderJobs } from './modules/orders/jobs.js';
import { orderRoutes, providerCallbackRoutes } from './modules/orders/routes.js';
import { onProfileChanged, type OrderDeps } from './modules/orders/service.js';
import { mailboxRoutes } from './modules/mail/mailbox-routes.js';
import { MailWorker } from './modules/mail/worker.js';
import { profileRoutes } from './modules/profile/routes.js';
import { TokenService } from './modules/auth/tokens.js';
import { healthRoutes } from './modules/health/routes.js';
import { localeRoutes } from './modules/locales/routes.js';
import { meRoutes } from './modules/me/routes.js';
import { createAuthenticate } from './plugins/authenticate.js';
import { registerErrorHandling } from './plugins/errors.js';
import { registerWebApp } from './plugins/web-app.js';
import { APP_VERSION } from './version.js';

declare module 'fastify' {
  interface FastifyInstance {
    mailWorker: MailWorker;
    orderJobs: OrderJobs;
    orderDeps: OrderDeps;
  }
}

export interface BuildAppOptions {
  config: AppConfig;
  database: DatabaseHandle;
  cipher: FieldCipher;
  clock?: Clock;
  /** Scheduled order jobs (expiry, provider reconciliation); tests run them by hand. */
  startJobs?: boolean;
  /** Where the JSON log goes (default stdout); tests capture it. Level and redaction come from config. */
  logStream?: NodeJS.WritableStream;
}

/** Builds the whole application without listening: the server and the tests share it. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const clock = options.clock ?? systemClock;

  const app = Fastify({
    logger: { ...loggerOptions(config), ...(options.logStream ? { stream: options.logStream } : {}) },
    genReqId: requestIdFrom,
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    bodyLimit: 1024 * 1024,
    trustProxy: false,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });
  registerErrorHandling(app);

  await app.register(helmet, { contentSecurityPolicy: { directives: contentSecurityPolicy() } });
  await registerOpenApi(app);

  const jwtSecret = config.jwtSecret ? Buffer.from(config.jwtSecret) : loadOrCreateSecret(config.dataDir, 'jwt');
  const tokens = new TokenService(jwtSecret);
  const events = createSecurityEvents(app.log);
  const db = database.db;
  const authenticate = createAuthenticate({ db, tokens, clock });
  const limiter = new RateLimiter(clock);
  // Assigned below; the profile routes need it after a save, orders need the catalogue first.
  // eslint-disable-next-line prefer-const
  let orderDeps: OrderDeps;
  const mailWorker = new MailWorker({ db, clock, smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log });
  app.decorate('mailWorker', mailWorker);
  mailWorker.start();
  app.addHook('onClose', async () => mailWorker.stop());
  const authDeps = { db, tokens, clock, events, limiter };

  await app.register(healthRoutes({ kind: database.kind, version: APP_VERSION, ping: () => database.ping() }));
  await app.register(authRoutes(authDeps));
  await app.register(meRoutes({ db, authenticate }));
  await app.register(
    accountRoutes({ ...authDeps, authenticate, publicUrl: config.publicUrl, mailSent: () => mailWorker.kick() }),
  );
  await app.register(
    profileRoutes({
      db,
      cipher: options.cipher,
      clock,
      authenticate,
      userInfoConfig: defaultUserInfoConfig,
      onSaved: (userId) => onProfileChanged(orderDeps, userId),
    }),
  );
  if (config.devTools) await app.register(mailboxRoutes({ db }));
  const catalog = new CatalogCache(db);
  const rates = new PersonalRates({ db, cipher: options.cipher, clock });
  await app.register(catalogRoutes({ catalog, rates, authenticate }));
  await app.register(mediaRoutes({ catalog }));

  const identSecrets = {
    apiKey: config.identProviderApiKey ?? loadOrCreateSecret(config.dataDir, 'ident-api-key').toString('hex'),
    callbackSecret: config.identCallbackSecret ?? loadOrCreateSecret(config.dataDir, 'ident-callback').toString('hex'),
  };
  const useSimulator = !config.identProviderUrl && config.devTools;
  // The simulator runs on this server; the client reaches it (and it reaches our callback) over HTTP.
  const selfUrl = () => {
    const address = app.server.address();
    return typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : config.publicUrl;
  };
  if (useSimulator) {
    await app.register(simulatorPlugin({ ...identSecrets, publicBaseUrl: config.publicUrl, clock }), {
      prefix: '/simulator',
    });
  }
  let provider: IdentProvider | null = null;
  orderDeps = {
    db,
    cipher: options.cipher,
    clock,
    catalog,
    rates,
    events,
    publicUrl: config.publicUrl,
    callbackBaseUrl: () => (useSimulator ? selfUrl() : config.publicUrl),
    expiryDays: config.orderExpiryDays,
    mailSent: () => mailWorker.kick(),
    provider: () => {
      if (!config.identProviderUrl && !useSimulator)
        throw new ProviderUnavailableError('Kein Identifikationsdienst konfiguriert');
      provider ??= createHttpIdentProvider({
        baseUrl: config.identProviderUrl ?? `${selfUrl()}/simulator/api`,
        ...identSecrets,
        clock,
      });
      return provider;
    },
  };
  await app.register(orderRoutes({ ...orderDeps, authenticate, limiter }));
  await app.register(providerCallbackRoutes(orderDeps));
  const jobs = new OrderJobs(orderDeps, app.log);
  app.decorate('orderJobs', jobs);
  app.decorate('orderDeps', orderDeps);
  if (options.startJobs !== false) jobs.start();
  app.addHook('onClose', async () => jobs.stop());
  await app.register(
    localeRoutes({
      localesDir: localesDir(config.webDistDir),
      missingKeysDir: config.nodeEnv === 'development' ? path.join(config.dataDir, 'locales-missing') : null,
    }),
  );
  await registerWebApp(app, config.webDistDir, authenticate);
  return app;
}

function loggerOptions(config: AppConfig): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level: config.logLevel,
    // Secrets and personal data never reach the log: no headers, no bodies, no codes or e-mails in URLs.
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.refreshToken'],
      censor: '[redacted]',
    },
    serializers: {
      req: (request: { method: string; url: string; ip?: string }) => ({
        method: request.method,
        url: redactUrl(request.url),
        ip: request.ip,
      }),
    },
  };
}

/** Accept a caller's request id only when it looks like one, so logs cannot be forged through it. */
function requestIdFrom(request: { headers: Record<string, string | string[] | undefined> }): string {
  const incoming = request.headers['x-request-id'];
  if (typeof incoming === 'string' && /^[A-Za-z0-9-]{8,64}$/.test(incoming)) return incoming;
  return crypto.randomUUID();
}

function contentSecurityPolicy(): Record<string, string[]> {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    // Mantine sets CSS variables through style attributes and <style> elements at run time.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    // The contract preview shows a PDF the app fetched with the bearer token, as a blob URL.
    frameSrc: ["'self'", 'blob:'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'self'"],
  };
}

async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'E-Auto-Leasing API',
        description: 'API der Plattform für E-Auto-Leasing per Gehaltsumwandlung',
        version: APP_VERSION,
      },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}

function localesDir(webDistDir: string): string {
  const built = path.join(webDistDir, 'locales');
  // Before the web app is built (API tests), read the translations from their source folder.
  return fs.existsSync(built) ? built : path.resolve(webDistDir, '../public/locales');
}
