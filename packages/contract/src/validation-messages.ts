/**
 * Validation messages are keys, not prose: the web app translates them (spec 5: "messages use the
 * translations for 'required', 'min', 'max' followed by the bound"). A bound travels after a space:
 * `min 1`, `max 200000`. Messages the spec quotes literally are kept as they are and translated by the
 * web app too.
 */
export const msg = {
  required: 'required',
  invalid: 'invalid',
  min: (bound: number) => `min ${bound}`,
  max: (bound: number) => `max ${bound}`,
  email: 'Has to be valid email',
  date: 'date',
  dateInPast: 'dateInPast',
  postcode: 'postcode',
  step: (step: number) => `step ${step}`,
} as const;

/**
 * Names, addresses and other one-line fields: no line breaks, which would split mail headers, log
 * lines and PDF text (tab and the Unicode line separators included).
 */
export const SINGLE_LINE = /^[^\r\n\t\u2028\u2029]*$/;
