import { startDemoServer } from '../../scripts/demo-server.mjs';

export { demoServerEnv as testAppEnv, freePort } from '../../scripts/demo-server.mjs';

export interface AppServer {
  baseURL: string;
  close(): Promise<void>;
}

/**
 * A second instance of the built app with its own configuration and embedded database, for journeys
 * that need settings the shared one does not have. Closed (process and data folder) by `close`.
 */
export async function startAppServer(env: Record<string, string>): Promise<AppServer> {
  const { base, stop } = await startDemoServer('e2e', env);
  return { baseURL: base, close: stop };
}
