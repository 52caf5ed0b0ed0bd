import type { TFunction } from 'i18next';

/**
 * Contract schemas carry the spec's English messages; the UI shows their German translation.
 * Each known message maps to a translation key (the `en` locale keeps the English original).
 */
const MESSAGE_KEYS = {
  'Username is required!': 'login.errors.usernameRequired',
  'Password is required!': 'login.errors.passwordRequired',
} as const;

type KnownMessage = keyof typeof MESSAGE_KEYS;

const isKnownMessage = (message: string): message is KnownMessage => Object.hasOwn(MESSAGE_KEYS, message);

/** German text for a schema message; anything unmapped becomes a generic German hint, never English. */
export function translateValidationMessage(t: TFunction, message: string | undefined): string | undefined {
  if (message === undefined || message === '') return undefined;
  return isKnownMessage(message) ? t(MESSAGE_KEYS[message]) : t('validation.invalid');
}
