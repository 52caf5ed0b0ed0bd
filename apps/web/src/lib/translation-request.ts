import { getAuthData } from './auth-store';

/** What a request reports: the HTTP status (0 when there was none) and the body of a 2xx answer. */
export interface TranslationResponse {
  status: number;
  data: string;
}
export type TranslationRequest = (
  options: unknown,
  url: string,
  payload: unknown,
  callback: (error: Error | null, response: TranslationResponse) => void,
) => void;
type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/**
 * Request function of the translation backend (translation-backend.ts). It reports every outcome as a
 * status, and the backend turns the status into the retry decision of spec 8:
 * - 500-599, or no status at all (fetch failed, body unreadable): retry;
 * - 4xx, or a body that is not JSON (parse failure, decided by the backend): no retry.
 * i18next then retries with `maxRetries` / `retryTimeout` (see i18n.ts).
 */
export function createTranslationRequest(
  fetchImpl: FetchLike = (input, init) => globalThis.fetch(input, init),
  accessToken: () => string | undefined = () => getAuthData()?.accessToken,
) {
  const request: TranslationRequest = (_options, url, payload, callback) => {
    // Loading passes no payload; `saveMissing` passes the missing keys, which are posted.
    const hasPayload = payload !== undefined && payload !== null && payload !== '';
    const init: RequestInit = {
      method: hasPayload ? 'POST' : 'GET',
      credentials: 'same-origin',
      headers: hasPayload ? postHeaders(accessToken()) : { Accept: 'application/json' },
      body: hasPayload ? JSON.stringify(payload) : undefined,
    };
    const noStatus = (error: unknown): void => {
      callback(error instanceof Error ? error : new Error('Translation request failed'), { status: 0, data: '' });
    };
    fetchImpl(url, init).then(async (response) => {
      if (!response.ok) {
        callback(new Error(`HTTP ${String(response.status)}`), { status: response.status, data: '' });
        return;
      }
      try {
        callback(null, { status: response.status, data: await response.text() });
      } catch (error) {
        noStatus(error);
      }
    }, noStatus);
  };
  return request;
}

/** Recording missing keys is an admin tool of the development server: it needs the signed-in admin's token. */
function postHeaders(token: string | undefined): Record<string, string> {
  return {
    'Content-Type': 'application/json',
    Accept: 'application/json',
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
  };
}
