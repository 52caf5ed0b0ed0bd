import { useId } from 'react';

import classes from './choice-select.module.css';

export interface Choice {
  value: string;
  label: string;
}

/**
 * A labelled native select styled like the search's other fields. Mantine's Select (combobox,
 * floating-ui) would cost the search page's first load more than its budget leaves (ADR 0010); a
 * native one is also what a phone shows best.
 */
export function ChoiceSelect({
  label,
  value,
  choices,
  onChange,
  testId,
}: {
  label: string;
  value: string;
  choices: readonly Choice[];
  onChange: (value: string) => void;
  testId?: string;
}) {
  const id = useId();
  return (
    <div className={classes.root}>
      <label htmlFor={id} className={classes.label}>
        {label}
      </label>
      <div className={classes.field}>
        <select
          id={id}
          className={classes.select}
          value={value}
          data-testid={testId}
          onChange={(event) => {
            onChange(event.currentTarget.value);
          }}
        >
          {choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
        <svg
          width={16}
          height={16}
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth={2}
          aria-hidden="true"
          focusable="false"
          className={classes.chevron}
        >
          <path d="m6 9 6 6 6-6" />
        </svg>
      </div>
    </div>
  );
}
