/**
 * The services outside the platform that the order workflow calls: the identity provider and the CSC
 * trust service (with its TSA). Configured, they are the real ones; in development (`devTools`) without
 * configuration, their simulators are served on this server under `/simulator`, to loopback clients
 * only, except what a CA publishes to everyone (its certificates and CRLs).
 */
import path from 'node:path';

import type { FastifyInstance } from 'fastify';

import type { AppConfig } from './config/env.js';
import type { Database } from './db/client.js';
import type { Clock } from './lib/clock.js';
import { browserOrigin } from './lib/browser-origin.js';
import { loadOrCreateSecret } from './lib/secrets.js';
import { enterPlatformScope } from './lib/request-context.js';
import {
  createHttpIdentProvider,
  DatabaseCaseRepository,
  type IdentProvider,
  ProviderUnavailableError,
  simulatorPlugin,
  SimulatorStore,
} from './modules/ident/index.js';
import {
  createCscClient,
  extendToLongTerm,
  isPublicRepositoryRoute,
  lazyTrustServiceState,
  resolveCscConfig,
  type SigningDeps,
  signingSimulatorClient,
  trustAnchorsFrom,
  trustServiceMetadataPlugin,
  trustServicePlugin,
} from './modules/signing/index.js';
import { loopbackOnly } from './plugins/dev-only.js';
import { signatureReturnUrl } from './flows/sign-contract.js';

export interface OutsideServices {
  signing: SigningDeps;
  /** The identity provider's client, made on first use. */
  identProvider: () => IdentProvider;
  /** Whether the identity simulator on this server stands in for the provider. */
  useSimulator: boolean;
  /** This instance on loopback, where its simulators are reached (the public URL before it listens). */
  selfUrl: () => string;
}

export async function registerOutsideServices(
  app: FastifyInstance,
  { config, db, clock }: { config: AppConfig; db: Database; clock: Clock },
): Promise<OutsideServices> {
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
    await app.register(
      async (scope) => {
        scope.addHook('onRequest', loopbackOnly);
        scope.addHook('onRequest', enterPlatformScope);
        // Cases in the database: any instance serves, completes and reads back any case.
        const store = new SimulatorStore(new DatabaseCaseRepository(db));
        await scope.register(simulatorPlugin({ ...identSecrets, publicBaseUrl: config.publicUrl, clock, store }));
      },
      { prefix: '/simulator' },
    );
  }
  // The development CSC v2 trust service (PAdES signing, test PKI), unless a QTSP is configured.
  const useTrustService = config.devTools && !config.csc.baseUrl;
  // Its certificates name its CRLs and CA certificates under the public URL (long-term validation), the
  // same on every instance sharing DATA_DIR.
  const trustServiceState = useTrustService
    ? lazyTrustServiceState(path.join(config.dataDir, 'secrets'), { serviceUrl: `${config.publicUrl}/simulator` })
    : null;
  const signingClient = useTrustService
    ? signingSimulatorClient(config.dataDir)
    : { clientId: '', clientSecret: '', sealPin: '' };
  if (useTrustService && trustServiceState) {
    const simulatorClient = signingClient;
    await app.register(
      async (scope) => {
        // The CA's certificates and CRLs are public, as any CA's; everything else is for loopback only.
        scope.addHook('onRequest', (request, reply) =>
          isPublicRepositoryRoute(request.routeOptions.url, '/simulator')
            ? Promise.resolve()
            : loopbackOnly(request, reply),
        );
        const state = trustServiceState;
        // The platform's one return address, on its public origin or the loopback address the browser used.
        const isRegisteredRedirect = (uri: string) =>
          URL.canParse(uri) && uri === signatureReturnUrl(browserOrigin(config)(new URL(uri).host));
        await scope.register(
          trustServicePlugin({
            state,
            ...simulatorClient,
            isRegisteredRedirect,
            clock,
            // Its authorization server is found as a QTSP's is: RFC 8414 metadata at the well-known address.
            authorizationServer: 'oauth2Issuer',
          }),
        );
      },
      { prefix: '/simulator' },
    );
    await app.register(async (scope) => {
      scope.addHook('onRequest', loopbackOnly);
      await scope.register(trustServiceMetadataPlugin('/simulator'));
    });
  }
  const cscConfig = resolveCscConfig({
    settings: config.csc,
    useTrustService,
    selfUrl,
    simulatorClient: signingClient,
  });
  const signing: SigningDeps = {
    csc: cscConfig,
    userIds: config.csc.userIds,
    // The built-in trust service learns the identified name of a userID from the platform, as a QTSP
    // does from its registration authority; a real QTSP enrols its users itself.
    enrol: trustServiceState ? async (userID, subject) => (await trustServiceState()).enrol(userID, subject) : null,
    trustAnchors: trustAnchorsFrom({ file: config.csc.trustAnchorsFile, trustService: trustServiceState }),
    // The sealed contract gets its validation data (DSS, B-LT) and a document timestamp (B-LTA).
    longTermExtension: (pdf) => {
      if (!cscConfig) throw new ProviderUnavailableError('Kein Signaturdienst konfiguriert');
      const client = createCscClient(cscConfig());
      return extendToLongTerm(pdf, {
        timestampAuthority: (request) => client.timestamp(request),
        now: () => clock.now(),
      }).catch((error: unknown) => {
        // The caller keeps the sealed (B-T) file and retries later; the operator learns why.
        app.log.warn({ err: error }, 'contract long-term extension failed');
        throw error;
      });
    },
  };

  let provider: IdentProvider | null = null;
  const identProvider = (): IdentProvider => {
    if (!config.identProviderUrl && !useSimulator)
      throw new ProviderUnavailableError('Kein Identifikationsdienst konfiguriert');
    provider ??= createHttpIdentProvider({
      baseUrl: config.identProviderUrl ?? `${selfUrl()}/simulator/api`,
      ...identSecrets,
      clock,
    });
    return provider;
  };
  return { signing, identProvider, useSimulator, selfUrl };
}
