import { InputBase, NativeSelect, Radio, Group, Switch, TextInput } from '@mantine/core';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NumericFormat } from 'react-number-format';

import { translateValidationMessage } from '../../../lib/validation-messages';
import { useProfileField, type ProfileFieldName } from '../profile-form-context';

type Name = ProfileFieldName;

interface FieldProps {
  name: Name;
  label: string;
  description?: string;
  required?: boolean;
}

/** The field with its German error text, shown once the field was validated (touched or submitted). */
function useField(name: Name) {
  const { t } = useTranslation();
  const { error, ...field } = useProfileField(name);
  return { field, error: translateValidationMessage(t, error) };
}

export function TextField({
  name,
  label,
  description,
  required,
  autoComplete,
}: FieldProps & { autoComplete?: string }) {
  const { field, error } = useField(name);
  return (
    <TextInput
      label={label}
      description={description}
      required={required}
      autoComplete={autoComplete}
      name={field.name}
      value={typeof field.value === 'string' ? field.value : ''}
      onChange={(event) => {
        field.onChange(event.currentTarget.value);
      }}
      onBlur={field.onBlur}
      error={error}
    />
  );
}

// A '.' typed is a thousands separator in German, never the decimal point.
const GERMAN_NUMBER = { decimalSeparator: ',', thousandSeparator: '.', allowedDecimalSeparators: [','] };

export interface NumberFieldProps extends FieldProps {
  /** Shown after the number, e.g. ' €' or ' %'. */
  suffix?: string;
  decimalScale?: number;
  min?: number;
  max?: number;
  step?: number;
}

/**
 * The value one arrow key step gives (as Mantine's NumberInput did): from the current value, or from
 * `min` (else 0) when empty, kept within the bounds and rounded to the field's decimals.
 */
export function steppedValue(
  current: number | null,
  direction: 1 | -1,
  { step = 1, min, max, decimalScale }: { step?: number; min?: number; max?: number; decimalScale: number },
): number {
  const next = current === null ? (min ?? 0) : current + direction * step;
  const bounded = Math.min(Math.max(next, min ?? 0), max ?? Number.POSITIVE_INFINITY);
  return Number(bounded.toFixed(decimalScale));
}

/**
 * A number typed and shown the German way (1.234,56 €); an empty field holds null. Mantine's input
 * around react-number-format, as Mantine's NumberInput is, without its step buttons (hidden here) and
 * their code: 4 KB gzip less on the salary form's first view (docs/decisions/0010).
 */
export function NumberField({
  name,
  label,
  description,
  required,
  suffix,
  decimalScale = 2,
  min,
  max,
  step,
}: NumberFieldProps) {
  const { field, error } = useField(name);
  const current = typeof field.value === 'number' ? field.value : null;
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const direction = event.key === 'ArrowUp' ? 1 : event.key === 'ArrowDown' ? -1 : 0;
    if (direction === 0) return;
    event.preventDefault();
    field.onChange(steppedValue(current, direction, { step, min, max, decimalScale }));
  };
  return (
    <InputBase
      component={NumericFormat}
      {...GERMAN_NUMBER}
      label={label}
      description={description}
      required={required}
      suffix={suffix}
      decimalScale={decimalScale}
      allowNegative={false}
      inputMode={decimalScale > 0 ? 'decimal' : 'numeric'}
      name={field.name}
      value={current ?? ''}
      onValueChange={(values: { floatValue?: number }, { source }: { source: string }) => {
        if (source === 'event') field.onChange(values.floatValue ?? null);
      }}
      onKeyDown={onKeyDown}
      onBlur={field.onBlur}
      error={error}
    />
  );
}

export interface SelectOption {
  value: string | number;
  label: string;
}

/**
 * Native select (keyboard and screen-reader friendly, no popover code). Options carry their typed value;
 * the empty entry stands for `emptyValue` (null unless the schema wants a string).
 */
export function SelectField({
  name,
  label,
  description,
  required,
  options,
  emptyLabel,
  emptyValue = null,
}: FieldProps & { options: readonly SelectOption[]; emptyLabel?: string; emptyValue?: null | '' }) {
  const { field, error } = useField(name);
  const current = field.value === null || field.value === undefined ? '' : String(field.value as string | number);
  const data = [
    ...(emptyLabel !== undefined ? [{ value: '', label: emptyLabel }] : []),
    ...options.map((option) => ({ value: String(option.value), label: option.label })),
  ];
  return (
    <NativeSelect
      label={label}
      description={description}
      required={required}
      data={data}
      name={field.name}
      value={current}
      onChange={(event) => {
        const picked = options.find((option) => String(option.value) === event.currentTarget.value);
        field.onChange(picked ? picked.value : emptyValue);
      }}
      onBlur={field.onBlur}
      error={error}
    />
  );
}

export function SwitchField({ name, label, description }: FieldProps) {
  const { field, error } = useField(name);
  return (
    <Switch
      label={label}
      description={description}
      // The wrapping <label> also holds the description; name the switch by its label alone.
      aria-label={label}
      name={field.name}
      checked={field.value === true}
      onChange={(event) => {
        field.onChange(event.currentTarget.checked);
      }}
      onBlur={field.onBlur}
      error={error}
    />
  );
}

export function RadioField({
  name,
  label,
  description,
  required,
  options,
}: FieldProps & { options: readonly SelectOption[] }) {
  const { field, error } = useField(name);
  return (
    <Radio.Group
      label={label}
      description={description}
      required={required}
      name={field.name}
      value={typeof field.value === 'string' ? field.value : ''}
      onChange={(value) => {
        field.onChange(options.find((option) => String(option.value) === value)?.value ?? null);
      }}
      error={error}
    >
      <Group gap="lg" mt="xs">
        {options.map((option) => (
          <Radio key={option.value} value={String(option.value)} label={option.label} onBlur={field.onBlur} />
        ))}
      </Group>
    </Radio.Group>
  );
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const GERMAN_DATE = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/;

/** `1985-04-12` -> `12.04.1985`; anything else unchanged. */
export function isoToGerman(value: string): string {
  const match = ISO_DATE.exec(value);
  return match ? `${match[3]}.${match[2]}.${match[1]}` : value;
}

/** `12.4.1985` -> `1985-04-12`; text that is not a German date stays as typed (and fails validation). */
export function germanToIso(text: string): string {
  const trimmed = text.trim();
  const match = GERMAN_DATE.exec(trimmed);
  if (!match?.[1] || !match[2] || !match[3]) return trimmed;
  return `${match[3]}-${match[2].padStart(2, '0')}-${match[1].padStart(2, '0')}`;
}

/**
 * A date typed as TT.MM.JJJJ: the form holds the ISO date of the contract, the field shows it in German.
 * No date picker, so no extra package and nothing that a keyboard cannot reach.
 */
export function DateField({ name, label, description, required }: FieldProps) {
  const { field, error } = useField(name);
  return (
    <TextInput
      label={label}
      description={description}
      required={required}
      placeholder="TT.MM.JJJJ"
      inputMode="numeric"
      autoComplete="bday"
      name={field.name}
      value={typeof field.value === 'string' ? isoToGerman(field.value) : ''}
      onChange={(event) => {
        field.onChange(germanToIso(event.currentTarget.value));
      }}
      onBlur={field.onBlur}
      error={error}
    />
  );
}
