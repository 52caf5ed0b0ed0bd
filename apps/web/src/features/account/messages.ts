import type { TFunction } from 'i18next';

import { isApiError } from '../../lib/api-client';
import { translateValidationMessage } from '../../lib/validation-messages';

/**
 * German text for a schema message, with form-specific readings first: the set-password form's message
 * for an empty password is literally 'Email is required' (spec 5), which must not read "enter your
 * e-mail address" there.
 */
export function fieldMessage(
  t: TFunction,
  message: string | undefined,
  overrides: Readonly<Record<string, string>> = {},
): string | undefined {
  if (message !== undefined && Object.hasOwn(overrides, message)) return overrides[message];
  return translateValidationMessage(t, message);
}

/** The server's own (German, safe) message, or `fallback` when the failure happened before an answer. */
export function serverMessage(error: unknown, fallback: string): string {
  if (!isApiError(error)) return fallback;
  if (error.code === 'NETWORK_ERROR' || error.code === 'INVALID_RESPONSE' || error.code === 'INTERNAL') return fallback;
  return error.message || fallback;
}
