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
}

/** The client configuration, or null when signing is not configured (production without CSC_*). */
export function resolveCscConfig(input: {
  settings: CscSettings;
  useTrustService: boolean;
  selfUrl: () => string;
  simulatorClient: { clientId: string; clientSecret: string };
}): (() => CscConfig) | null {
  const { settings } = input;
  if (settings.baseUrl && settings.clientId && settings.clientSecret && settings.tsaUrl) {
    const configured = { ...settings } as CscConfig;
    return () => configured;
  }
  if (!input.useTrustService) return null;
  // The listening port is known only once the server runs: resolved per use.
  return () => ({
    baseUrl: `${input.selfUrl()}/simulator/csc/v2`,
    tsaUrl: `${input.selfUrl()}/simulator/tsa`,
    ...input.simulatorClient,
  });
}

/** The OAuth client the development trust service accepts (its secret lives in DATA_DIR/secrets). */
export function signingSimulatorClient(dataDir: string): { clientId: string; clientSecret: string } {
  return { clientId: 'e-auto-leasing-dev', clientSecret: loadOrCreateSecret(dataDir, 'csc-client').toString('hex') };
}
