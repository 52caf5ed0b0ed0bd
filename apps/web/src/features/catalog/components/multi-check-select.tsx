import { useClickOutside } from '@mantine/hooks';
import { useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';

import classes from './multi-check-select.module.css';

export interface MultiCheckSelectProps {
  label: string;
  /** Shown when nothing is chosen, e.g. "Alle Marken". */
  emptyLabel: string;
  /** Entries in display order (the API sorts them). */
  options: readonly string[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  loading?: boolean;
  loadingLabel: string;
  noOptionsLabel: string;
  /** The list unfolds in place instead of floating (inside the drawer). */
  inline?: boolean;
}

function ChevronIcon({ opened }: { opened: boolean }) {
  return (
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
      data-opened={opened || undefined}
    >
      <path d="m6 9 6 6 6-6" />
    </svg>
  );
}

/**
 * A multi-select made of a disclosure button and a list of native checkboxes. Mantine's MultiSelect
 * (combobox, floating-ui) or even its Checkbox would cost the search page's first load more than its
 * budget leaves; this one is styled with Mantine's CSS variables and costs about 1 KB.
 * Keyboard: Enter/Space opens, Tab walks the checkboxes, Space ticks, Escape closes and returns to the button.
 */
export function MultiCheckSelect({
  label,
  emptyLabel,
  options,
  value,
  onChange,
  loading = false,
  loadingLabel,
  noOptionsLabel,
  inline = false,
}: MultiCheckSelectProps) {
  const [opened, setOpened] = useState(false);
  const id = useId();
  const buttonId = `${id}-button`;
  const labelId = `${id}-label`;
  const summaryId = `${id}-summary`;
  const panelId = `${id}-panel`;
  const buttonRef = useRef<HTMLButtonElement>(null);
  const rootRef = useClickOutside<HTMLDivElement>(() => {
    if (!inline) setOpened(false);
  });

  const chosen = new Set(value);
  const toggle = (option: string, checked: boolean) => {
    const next = new Set(value);
    if (checked) next.add(option);
    else next.delete(option);
    // Keep the order of the options (sorted by the API), then anything chosen that is no longer offered.
    onChange([...options.filter((o) => next.has(o)), ...[...next].filter((v) => !options.includes(v))]);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && opened) {
      event.stopPropagation();
      setOpened(false);
      buttonRef.current?.focus();
    }
  };
  // Focus leaving the control closes the floating list (Tab past the last checkbox).
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!inline && !event.currentTarget.contains(event.relatedTarget)) setOpened(false);
  };

  return (
    <div ref={rootRef} className={classes.root} onKeyDown={onKeyDown} onBlur={onBlur}>
      <label id={labelId} htmlFor={buttonId} className={classes.label}>
        {label}
      </label>
      <button
        type="button"
        id={buttonId}
        ref={buttonRef}
        className={classes.button}
        aria-expanded={opened}
        aria-controls={panelId}
        aria-labelledby={`${labelId} ${summaryId}`}
        onClick={() => {
          setOpened((o) => !o);
        }}
      >
        <span id={summaryId} className={classes.summary} data-empty={value.length === 0 || undefined}>
          {value.length === 0 ? emptyLabel : value.join(', ')}
        </span>
        <ChevronIcon opened={opened} />
      </button>
      {opened ? (
        <div
          id={panelId}
          role="group"
          aria-labelledby={labelId}
          className={classes.panel}
          data-inline={inline || undefined}
        >
          {loading ? (
            <div className={classes.note} role="status">
              {loadingLabel}
            </div>
          ) : options.length === 0 ? (
            <div className={classes.note}>{noOptionsLabel}</div>
          ) : (
            <ul className={classes.options}>
              {options.map((option) => (
                <li key={option}>
                  <label className={classes.option}>
                    <input
                      type="checkbox"
                      checked={chosen.has(option)}
                      onChange={(event) => {
                        toggle(option, event.currentTarget.checked);
                      }}
                    />
                    {option}
                  </label>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </div>
  );
}
