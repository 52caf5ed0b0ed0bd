/**
 * The origin a browser is sent back to from a provider's page (the identity check, the trust service's
 * authorization). A signed-in session lives in one origin's storage: an app opened at
 * `http://127.0.0.1:3000` and brought back to `http://localhost:3000` arrives signed out.
 *
 * PUBLIC_URL, when set, is the only answer (production requires it, config/env.ts). Without it (a
 * newcomer's `npm start`) the request's Host is followed, but only when it names this machine by a
 * loopback name: any other Host (a forged header, a name that points elsewhere) gets the default.
 */
const LOOPBACK_HOST = /^(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?$/;

export type BrowserOrigin = (host: string | undefined) => string;

export function browserOrigin(config: { publicUrl: string; originFromHost: boolean }): BrowserOrigin {
  return (host) => {
    if (!config.originFromHost || !host) return config.publicUrl;
    const normalized = host.toLowerCase();
    return LOOPBACK_HOST.test(normalized) ? `http://${normalized}` : config.publicUrl;
  };
}
