import { numberFormat } from './format';
import type { TFunction } from 'i18next';

/**
 * Contract schemas carry message keys (`required`, `min 1`, `max 200000`, see the contract's `msg`) and
 * the spec's quoted English messages; the UI shows them in German. Each maps to a translation key here;
 * the `en` locale keeps the English originals.
 */
const LITERAL_KEYS = {
  // Keys of the contract's `msg`.
  required: 'validation.required',
  invalid: 'validation.invalid',
  date: 'validation.date',
  dateInPast: 'validation.dateInPast',
  postcode: 'validation.postcode',
  // Messages quoted by spec 5.
  'Username is required!': 'login.errors.usernameRequired',
  'Password is required!': 'login.errors.passwordRequired',
  'This field is required': 'validation.fieldRequired',
  'Has to be valid email': 'validation.email',
  'Email is required': 'validation.emailRequired',
  'Password is required': 'validation.passwordRequired',
  'Password is too common': 'validation.passwordTooCommon',
  'Password must not contain your name or e-mail address': 'validation.passwordPersonal',
  'Password is incorrect': 'validation.passwordIncorrect',
  'Confirm Password is required': 'validation.confirmPasswordRequired',
  'Passwords must match': 'validation.passwordsMustMatch',
  'Type is required': 'validation.typeRequired',
  'Leasing rate is required': 'validation.leasingRateRequired',
  'This is required': 'validation.thisRequired',
  'You must agree before proceeding': 'validation.mustAgree',
} as const;

type Literal = keyof typeof LITERAL_KEYS;

const BOUND_PATTERN = /^(min|max|step) (-?\d+(?:\.\d+)?)$/;
const PASSWORD_LENGTH_PATTERN = /^Password must be at (least|most) (\d+) characters long$/;

const isLiteral = (message: string): message is Literal => Object.hasOwn(LITERAL_KEYS, message);

/** German text for a schema message; anything unknown becomes a generic German hint, never English. */
export function translateValidationMessage(t: TFunction, message: string | undefined): string | undefined {
  if (message === undefined || message === '') return undefined;
  if (isLiteral(message)) return t(LITERAL_KEYS[message]);

  const bound = BOUND_PATTERN.exec(message);
  if (bound?.[1] && bound[2]) {
    const value = numberFormat({ maximumFractionDigits: 4 }).format(Number(bound[2]));
    if (bound[1] === 'min') return t('validation.min', { bound: value });
    if (bound[1] === 'max') return t('validation.max', { bound: value });
    return t('validation.step', { bound: value });
  }

  const length = PASSWORD_LENGTH_PATTERN.exec(message);
  if (length?.[1] && length[2]) {
    const count = Number(length[2]);
    return length[1] === 'least'
      ? t('validation.passwordMinLength', { count })
      : t('validation.passwordMaxLength', { count });
  }

  return t('validation.invalid');
}
