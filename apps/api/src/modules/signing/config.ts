/**
 * Which remote-signing service the platform uses: the configured QTSP (CSC_* variables), or, outside
 * production and without configuration, the development trust service on this server.
 */
import { loadOrCreateSecret } from '../../lib/secrets.js';

import type { CscConfig } from './csc-client.js';

export interface CscSettings {
  baseUrl?: string;
  clientId?: string;
  clientSecret?: string;
  tsaUrl?: string;
  sealAuthData?: Record<string, string>;
}

/** What the platform holds for the development trust service: its OAuth client and the seals' PIN. */
export interface SimulatorClient {
  clientId: string;
  clientSecret: string;
  sealPin: string;
}

/** The client configuration, or null when signing is not configured (production without CSC_*). */
export function resolveCscConfig(input: {
  settings: CscSettings;
  useTrustService: boolean;
  selfUrl: () => string;
  simulatorClient: SimulatorClient;
}): (() => CscConfig) | null {
  const { settings } = input;
  if (settings.baseUrl && settings.clientId && settings.clientSecret && settings.tsaUrl) {
    const configured = { ...settings } as CscConfig;
    return () => configured;
  }
  if (!input.useTrustService) return null;
  const { clientId, clientSecret, sealPin } = input.simulatorClient;
  // The listening port is known only once the server runs: resolved per use.
  return () => ({
    baseUrl: `${input.selfUrl()}/simulator/csc/v2`,
    tsaUrl: `${input.selfUrl()}/simulator/tsa`,
    clientId,
    clientSecret,
    sealAuthData: settings.sealAuthData ?? { PIN: sealPin },
  });
}

/** The OAuth client and seal PIN the development trust service accepts (secrets in DATA_DIR/secrets). */
export function signingSimulatorClient(dataDir: string): SimulatorClient {
  const pin = loadOrCreateSecret(dataDir, 'csc-seal-pin');
  return {
    clientId: 'e-auto-leasing-dev',
    clientSecret: loadOrCreateSecret(dataDir, 'csc-client').toString('hex'),
    // Eight digits from the secret: a PIN as a QTSP hands it out.
    sealPin: String(pin.readUInt32BE(0) % 100_000_000).padStart(8, '0'),
  };
}
