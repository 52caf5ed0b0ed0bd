import type { TFunction } from 'i18next';

import { translateValidationMessage } from '../../lib/validation-messages';

/** Messages only the back office's endpoints give; the rest are the contract's shared keys. */
const OWN_MESSAGES = ['taken', 'dateInFuture', 'dateOrder', 'imageType'] as const;
type OwnMessage = (typeof OWN_MESSAGES)[number];
const isOwn = (message: string): message is OwnMessage => (OWN_MESSAGES as readonly string[]).includes(message);

/** A field error in German: `tp` is the provider namespace's `t`, `tc` the default namespace's. */
export function fieldMessage(
  tp: TFunction<'provider'>,
  tc: TFunction,
  message: string | undefined,
): string | undefined {
  if (message && isOwn(message)) return tp(`validation.${message}`);
  return translateValidationMessage(tc, message);
}
