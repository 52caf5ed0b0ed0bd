/** The environment of an app under test: demo data in its own folder, quiet log, links to itself. */
export declare function demoServerEnv(port: number, dataDir: string): Record<string, string>;
/** A port nobody listens on right now. */
export declare function freePort(): Promise<number>;
/**
 * The built app with demo data on a free port; `stop` ends it and deletes its data directory. An empty
 * value in `env` leaves that variable unset.
 */
export declare function startDemoServer(
  name: string,
  env?: Record<string, string>,
): Promise<{ base: string; stop: () => Promise<void> }>;
