import { isApiError } from '../../../lib/api-client';

/** A failure HR can act on (the server's German message for a 4xx) or the given "try again later". */
export function errorText(error: unknown, fallback: string): string {
  return isApiError(error) && error.status >= 400 && error.status < 500 && error.message ? error.message : fallback;
}
