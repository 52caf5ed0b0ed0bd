import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

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
import { browserOrigin } from './lib/browser-origin.js';
import { BackgroundTasks } from './lib/background-tasks.js';
import type { FieldCipher } from './lib/field-encryption.js';
import { loadOrCreateSecret } from './lib/secrets.js';
import { createSecurityEvents } from './lib/security-events.js';
import { redactUrl } from './lib/redact.js';
import { enterRequestContext } from './lib/request-context.js';
import { RateLimiter } from './lib/rate-limiter.js';
import { JobScheduler } from './lib/scheduled-jobs.js';
import { hopCountWarning, trustedProxies, type TrustedProxies } from './lib/trusted-proxies.js';
import { connectRedis, pingRedis } from './lib/redis.js';
import { accountRoutes } from './modules/account/index.js';
import { authRoutes, TokenService } from './modules/auth/index.js';
import {
  CatalogCache,
  catalogRoutes,
  firstPictureOfPage,
  mediaRoutes,
  PersonalRates,
} from './modules/catalog/index.js';
import {
  type OrderDeps,
  orderRoutes,
  providerCallbackRoutes,
  recheckOrdersAfterSave,
  scheduleLongTermRetry,
  scheduleOrderJobs,
} from './modules/orders/index.js';
import {
  leaseEndRoutes,
  scheduleLeaseReminders,
  scheduleLicenceCheckRefresh,
  syncLicenceCheckCase,
} from './modules/lease-end/index.js';
import { mailboxRoutes, MailWorker } from './modules/mail/index.js';
import { providerBillingRoutes, scheduleInvoiceRun, tenantBillingRoutes } from './modules/billing/index.js';
import { profileRoutes } from './modules/profile/index.js';
import { providerRoutes } from './modules/provider/index.js';
import { privacyRoutes, scheduleRetention } from './modules/privacy/index.js';
import { employerRoutes } from './modules/employer/index.js';
import { leaseLifeRoutes } from './modules/lease-life/index.js';
import { claimRoutes } from './modules/claims/index.js';
import { authenticateApiKey, integrationRoutes } from './modules/integrations/index.js';
import { scheduleScimErasures, scimRoutes, scimTokenRoutes, type ScimDeps } from './modules/scim/index.js';
import { companySignInRequired, scheduleSsoCleanup, ssoRequired, ssoRoutes } from './modules/sso/index.js';
import { mileageRoutes } from './modules/mileage/index.js';
import { scheduleWebhookJobs, webhookRoutes, WebhookWorker, type WebhookDeps } from './modules/webhooks/index.js';
import { packageChangeRoutes, providerPackageChangeRoutes } from './modules/package-change/index.js';
import { driverRoutes, syncDriverCheckCase } from './modules/drivers/index.js';
import { checkDependencies, healthRoutes } from './modules/health/index.js';
import { localeRoutes } from './modules/locales/index.js';
import { siteConfigRoutes } from './modules/site-config/index.js';
import { meRoutes } from './modules/me/index.js';
import { mfaRoutes } from './modules/mfa/index.js';
import { createAuthenticate } from './plugins/authenticate.js';
import { Metrics, registerMetrics } from './plugins/metrics.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { registerErrorHandling } from './plugins/errors.js';
import { refuseControlCharacters } from './plugins/input-hygiene.js';
import { registerServerTiming } from './lib/request-timing.js';
import { registerWebApp } from './plugins/web-app.js';
import { APP_VERSION } from './version.js';
import { approveOrder } from './flows/approve-order.js';
import { endLeaseByLoss } from './flows/end-lease-by-loss.js';
import { orderSigningRoutes } from './flows/sign-contract-routes.js';
import { startSignature } from './flows/sign-contract.js';
import { contractVerifyRoutes } from './flows/verify-contract-routes.js';
import { registerOutsideServices } from './app-services.js';

declare module 'fastify' {
  interface FastifyInstance {
    mailWorker: MailWorker;
    webhookWorker: WebhookWorker;
    backgroundTasks: BackgroundTasks;
    metrics: Metrics;
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

/**
 * How long shutdown waits for the piece of work a worker is in (a mail, a job slot, a background task)
 * before it leaves it (each is then like an instance that died: the outbox lease, the next job slot or
 * the scheduled checks take over). Well inside the grace period of src/server.ts.
 */
const WORK_GRACE_MS = 3_000;

/** Builds the whole application without listening: the server and the tests share it. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const clock = options.clock ?? systemClock;

  const proxies = trustedProxies(config.trustProxy);
  const app = Fastify({
    logger: { ...loggerOptions(config), ...(options.logStream ? { stream: options.logStream } : {}) },
    genReqId: requestIdFrom(proxies),
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    bodyLimit: 1024 * 1024,
    // Behind a proxy, only the configured proxies may name the client (TRUST_PROXY); otherwise
    // X-Forwarded-For is ignored and request.ip is the socket's peer.
    trustProxy: proxies.fastifyOption,
    // While shutting down, a request that still arrives on an open keep-alive connection is served
    // (with `Connection: close`) rather than answered 503: the proxy does not retry an app's 503.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();
  const proxyWarning = hopCountWarning(config.trustProxy, config.host);
  if (proxyWarning) app.log.warn(proxyWarning);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('user', null);
  app.addHook('onRequest', enterRequestContext);
  if (config.serverTiming) registerServerTiming(app);
  app.addHook('onRequest', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });
  // Whatever answers a request with credentials is personal, and so is every API answer (sign-in steps
  // hand out tokens without being asked with one): no browser or proxy may keep it.
  app.addHook('onSend', async (request, reply) => {
    // (A route that decided otherwise keeps its own: the prepared catalogue answers are `private, no-cache`.)
    const personal = request.headers.authorization !== undefined || request.url.startsWith('/v1/');
    if (personal && !reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store');
  });
  registerErrorHandling(app);
  app.addHook('preValidation', refuseControlCharacters);

  const metrics = new Metrics();
  app.decorate('metrics', metrics);
  await registerMetrics(app, metrics, { token: config.metricsToken, port: config.metricsPort, host: config.host });

  registerSecurityHeaders(app, config.analytics);
  await registerOpenApi(app);

  const jwtSecret = config.jwtSecret ? Buffer.from(config.jwtSecret) : loadOrCreateSecret(config.dataDir, 'jwt');
  const tokens = new TokenService(jwtSecret);
  const events = createSecurityEvents(app.log);
  const db = database.db;
  for (const field of ['total', 'idle', 'waiting'] as const) {
    metrics.gauge(
      `db_pool_connections_${field}`,
      `Database pool connections: ${field}`,
      () => database.poolStats()[field],
    );
  }
  // Budgets shared by every instance when Redis is configured; this process's own otherwise.
  const redis = config.redisUrl ? await connectRedis(config.redisUrl) : null;
  if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())));
  const limiter = new RateLimiter(clock, redis);
  // An employer system's API key signs in through its owner (modules/integrations, ADR 0057).
  const authenticate = createAuthenticate({
    db,
    tokens,
    clock,
    apiKeys: (key, route) => authenticateApiKey({ db, clock, limiter }, key, route),
  });
  // Assigned below; the profile routes need it after a save, orders need the catalogue first.
  // eslint-disable-next-line prefer-const
  let orderDeps: OrderDeps;
  const mailWorker = new MailWorker({
    db,
    clock,
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    log: app.log,
    onFailure: (outcome) => metrics.mailFailures.labels(outcome).inc(),
    onSent: () => metrics.mailsSent.inc(),
  });
  app.decorate('mailWorker', mailWorker);
  mailWorker.start();
  // An employer may require its company account for its employees: the password step and a set password
  // ask (modules/sso, ADR 0061).
  const authDeps = { db, tokens, clock, events, limiter, companySignInRequired: companySignInRequired(db) };
  const background = new BackgroundTasks(app.log);
  app.decorate('backgroundTasks', background);

  // Redis is optional for serving (budgets fail open to this process): away, the instance is degraded, not unready.
  const health = {
    kind: database.kind,
    version: APP_VERSION,
    ping: () => database.ping(),
    ...(redis ? { optionalChecks: { redis: () => pingRedis(redis) } } : {}),
  };
  await app.register(healthRoutes(health));
  metrics.dependencies(() => checkDependencies(health));
  await app.register(authRoutes({ ...authDeps, secureCookies: config.publicUrl.startsWith('https:') }));
  await app.register(meRoutes({ db, authenticate }));
  await app.register(
    mfaRoutes({ ...authDeps, cipher: options.cipher, authenticate, mailSent: () => mailWorker.kick() }),
  );
  await app.register(
    accountRoutes({
      ...authDeps,
      authenticate,
      background,
      publicUrl: config.publicUrl,
      mailSent: () => mailWorker.kick(),
    }),
  );
  await app.register(
    profileRoutes({
      db,
      cipher: options.cipher,
      clock,
      authenticate,
      userInfoConfig: defaultUserInfoConfig,
      onSaved: (userId) =>
        background.run('orders.profile-changed', async (signal) => {
          await recheckOrdersAfterSave(orderDeps, userId, signal);
        }),
    }),
  );
  await app.register(privacyRoutes({ ...authDeps, cipher: options.cipher, authenticate }));
  await app.register(
    employerRoutes({
      db,
      cipher: options.cipher,
      clock,
      authenticate,
      account: { ...authDeps, background, publicUrl: config.publicUrl, mailSent: () => mailWorker.kick() },
      mailSent: () => mailWorker.kick(),
    }),
  );
  await app.register(
    leaseLifeRoutes({
      db,
      cipher: options.cipher,
      clock,
      authenticate,
      account: { publicUrl: config.publicUrl },
      mailSent: () => mailWorker.kick(),
    }),
  );
  if (config.devTools) await app.register(mailboxRoutes({ db }));
  const catalog = new CatalogCache(db);
  const rates = new PersonalRates({ db, cipher: options.cipher, clock });
  await app.register(catalogRoutes({ catalog, rates, db, authenticate }));
  await app.register(mediaRoutes({ catalog, db }));

  const services = await registerOutsideServices(app, { config, db, clock });
  const { signing, selfUrl, useSimulator } = services;
  orderDeps = {
    db,
    cipher: options.cipher,
    clock,
    catalog,
    rates,
    events,
    publicUrl: config.publicUrl,
    originOf: browserOrigin(config),
    callbackBaseUrl: () => (useSimulator ? selfUrl() : config.publicUrl),
    expiryDays: config.orderExpiryDays,
    mailSent: () => mailWorker.kick(),
    signing,
    // The operations above the modules that the workflow starts (apps/api/src/flows).
    flows: {
      approve: (order, request) => approveOrder(orderDeps, order, request),
      startSignature: (order, caseRowId, origin) => startSignature(orderDeps, order, caseRowId, origin),
      endLeaseByLoss: (tx, loss) => endLeaseByLoss(orderDeps, tx, loss),
    },
    provider: services.identProvider,
  };
  await app.register(orderRoutes({ ...orderDeps, authenticate, limiter }));
  await app.register(orderSigningRoutes(orderDeps));
  await app.register(contractVerifyRoutes({ ...orderDeps, authenticate, limiter }));
  await app.register(
    providerRoutes({
      db,
      clock,
      catalog,
      events,
      publicUrl: config.publicUrl,
      mailSent: () => mailWorker.kick(),
      orders: orderDeps,
      authenticate,
    }),
  );
  await app.register(providerCallbackRoutes(orderDeps, [syncLicenceCheckCase, syncDriverCheckCase]));
  await app.register(leaseEndRoutes({ ...orderDeps, authenticate }));
  await app.register(mileageRoutes({ ...orderDeps, authenticate }));
  await app.register(packageChangeRoutes({ ...orderDeps, authenticate }));
  await app.register(providerPackageChangeRoutes({ ...orderDeps, authenticate }));
  await app.register(driverRoutes({ ...orderDeps, authenticate }));
  await app.register(claimRoutes({ ...orderDeps, authenticate }));
  await app.register(integrationRoutes({ db, clock, limiter, authenticate }));
  // The employer's directory provisions its people at /scim/v2 with a token of its own (modules/scim,
  // ADR 0060); an employer that requires the company sign-in gets welcome mails pointing to it.
  const scimDeps: ScimDeps = {
    db,
    ssoRequired: (tenantId) => ssoRequired(db, tenantId),
    cipher: options.cipher,
    clock,
    limiter,
    events,
    account: { ...authDeps, background, publicUrl: config.publicUrl, mailSent: () => mailWorker.kick() },
    mailSent: () => mailWorker.kick(),
  };
  await app.register(scimTokenRoutes({ ...scimDeps, authenticate }));
  await app.register(scimRoutes(scimDeps), { prefix: '/scim/v2' });
  await app.register(
    ssoRoutes({
      ...authDeps,
      cipher: options.cipher,
      publicUrl: config.publicUrl,
      production: config.nodeEnv === 'production',
      secureCookies: config.publicUrl.startsWith('https:'),
      authenticate,
    }),
  );
  // Signed webhooks to the employer's systems (modules/webhooks, ADR 0059): in production https only,
  // never an inner address; the worker polls the outbox on every instance (claims keep them apart).
  const webhookDeps: WebhookDeps = {
    db,
    cipher: options.cipher,
    clock,
    publicUrl: config.publicUrl,
    targets: config.nodeEnv === 'production' ? 'production' : 'development',
    mailSent: () => mailWorker.kick(),
    log: app.log,
  };
  const webhookWorker = new WebhookWorker(webhookDeps);
  app.decorate('webhookWorker', webhookWorker);
  if (options.startJobs !== false) webhookWorker.start();
  await app.register(webhookRoutes({ ...webhookDeps, authenticate, deliverSoon: () => webhookWorker.kick() }));
  const billingDeps = { db, clock, publicUrl: config.publicUrl, mailSent: () => mailWorker.kick(), authenticate };
  await app.register(providerBillingRoutes(billingDeps));
  await app.register(tenantBillingRoutes(billingDeps));
  // Background work runs once per slot across all instances (lib/scheduled-jobs.ts).
  const scheduler = new JobScheduler({ db, clock, log: app.log }, (name, outcome) =>
    metrics.jobRuns.labels(name, outcome).inc(),
  );
  app.decorate('orderDeps', orderDeps);
  if (options.startJobs !== false) scheduleOrderJobs(scheduler, orderDeps);
  if (options.startJobs !== false) scheduleRetention(scheduler, { db, clock }, app.log);
  if (options.startJobs !== false) scheduleLeaseReminders(scheduler, orderDeps);
  if (options.startJobs !== false) scheduleLicenceCheckRefresh(scheduler, orderDeps);
  if (options.startJobs !== false) scheduleLongTermRetry(scheduler, orderDeps);
  if (options.startJobs !== false) scheduleInvoiceRun(scheduler, billingDeps);
  if (options.startJobs !== false) scheduleScimErasures(scheduler, scimDeps, app.log);
  if (options.startJobs !== false) scheduleSsoCleanup(scheduler, { db, clock });
  if (options.startJobs !== false) scheduleWebhookJobs(scheduler, webhookDeps);
  await app.register(
    localeRoutes({
      localesDir: localesDir(config.webDistDir),
      missingKeysDir: config.nodeEnv === 'development' ? path.join(config.dataDir, 'locales-missing') : null,
      authenticate,
    }),
  );
  await app.register(siteConfigRoutes(config));
  await registerWebApp(app, config.webDistDir, authenticate, { largestPicture: firstPictureOfPage(catalog) });
  // After the last request (Fastify closes the server first): the workers stop together, each waiting
  // for its current piece of work a bounded time, so shutdown fits its grace period (src/server.ts).
  app.addHook('onClose', async () => {
    await Promise.all([
      mailWorker.stop(WORK_GRACE_MS),
      webhookWorker.stop(WORK_GRACE_MS),
      scheduler.stop(WORK_GRACE_MS),
      background.stop(WORK_GRACE_MS),
    ]);
  });
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

/**
 * A request id of our own, or the one the reverse proxy assigned (deploy/nginx.conf sets it on every
 * request) when the socket's peer is a proxy TRUST_PROXY trusts. A client's own header is ignored
 * otherwise, also when it reaches the port directly past the proxy: it could give its requests
 * someone else's id and muddle the security events. Even a proxy's id is accepted only when it looks
 * like one, so logs cannot be forged through it.
 */
function requestIdFrom(proxies: TrustedProxies) {
  return (request: {
    headers: Record<string, string | string[] | undefined>;
    socket?: { remoteAddress?: string | undefined };
  }): string => {
    const incoming = request.headers['x-request-id'];
    const fromProxy = proxies.mayNameRequest(request.socket?.remoteAddress);
    if (fromProxy && typeof incoming === 'string' && /^[A-Za-z0-9-]{8,64}$/.test(incoming)) return incoming;
    return crypto.randomUUID();
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
