// The German day names, month names and week of dayjs, which the calendars read through DatesProvider.
import 'dayjs/locale/de';

import {
  DateInput,
  DatesProvider,
  MonthPickerInput,
  type CalendarAriaLabels,
  type DateInputProps,
  type MonthPickerInputProps,
} from '@mantine/dates';
import dayjs from 'dayjs';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { DAY_FORMAT, DAY_PLACEHOLDER, MONTH_FORMAT, dayToMonth, monthToDay, parseTypedDay } from '../lib/date-input';
import { currentLanguage, type Language } from '../lib/language';
import classes from './date-fields.module.css';

/**
 * Date and month fields with Mantine's calendar (ADR 0062), in the interface language: German by
 * default (`TT.MM.JJJJ`, "März 2026", weeks from Monday), English when chosen (`DD/MM/YYYY`). The value
 * stays what the forms and the API had with the native fields: the ISO day `YYYY-MM-DD` (or '') and the
 * month `YYYY-MM`. Only pages loaded after the first view use them, so @mantine/dates and dayjs stay
 * out of the first views' scripts (ADR 0010).
 */

function useDateLanguage(): Language {
  const { i18n } = useTranslation();
  return currentLanguage(i18n);
}

/** The calendar's controls named in the interface language (Mantine leaves the arrows without a name). */
function useCalendarLabels(language: Language) {
  const { t } = useTranslation();
  return useMemo(() => {
    const ariaLabels: CalendarAriaLabels = {
      previousMonth: t('dates.previousMonth'),
      nextMonth: t('dates.nextMonth'),
      previousYear: t('dates.previousYear'),
      nextYear: t('dates.nextYear'),
      previousDecade: t('dates.previousDecade'),
      nextDecade: t('dates.nextDecade'),
    };
    const dayLabel = language === 'de' ? 'dddd, D. MMMM YYYY' : 'dddd D MMMM YYYY';
    return {
      ariaLabels,
      getDayAriaLabel: (day: string) => dayjs(day).locale(language).format(dayLabel),
      clearButtonProps: { 'aria-label': t('common.clear') },
    };
  }, [t, language]);
}

/** Locale, Monday as the first day of the week, Saturday and Sunday as the weekend. */
function LocalisedDates({ language, children }: { language: Language; children: ReactNode }) {
  const settings = useMemo(
    () => ({ locale: language, firstDayOfWeek: 1 as const, weekendDays: [0, 6] as (0 | 6)[] }),
    [language],
  );
  return <DatesProvider settings={settings}>{children}</DatesProvider>;
}

type Controlled = 'value' | 'defaultValue' | 'onChange' | 'valueFormat' | 'dateParser' | 'locale';

export interface DayFieldProps extends Omit<DateInputProps, Controlled | 'minDate' | 'maxDate' | 'excludeDate'> {
  /** The ISO day, or '' for none. */
  value: string;
  onChange: (value: string) => void;
  /** The first and last day the calendar offers (ISO). A day typed outside them reaches the form, whose rules name what is wrong. */
  min?: string;
  max?: string;
}

/**
 * A day typed (`TT.MM.JJJJ`) or picked from the calendar. Emptying the text empties the value. In a
 * dialog, Escape closes the open calendar first and the dialog only with the next Escape.
 */
export function DayField({ value, onChange, min, max, onFocus, onBlur, onClick, onKeyDown, ...props }: DayFieldProps) {
  const language = useDateLanguage();
  const labels = useCalendarLabels(language);
  // Whether the calendar is open, as DateInput opens it (focus, click, typing) and closes it.
  const [open, setOpen] = useState(false);
  const outside = (day: string) => (min !== undefined && day < min) || (max !== undefined && day > max);
  return (
    <LocalisedDates language={language}>
      <DateInput
        placeholder={DAY_PLACEHOLDER[language]}
        inputMode="numeric"
        {...labels}
        {...props}
        value={value === '' ? null : value}
        onChange={(day) => onChange(day ?? '')}
        valueFormat={DAY_FORMAT[language]}
        dateParser={parseTypedDay}
        allowDeselect
        // Only the month's own days: the neighbours' are dimmed below a readable contrast (axe).
        hideOutsideDates
        classNames={{ day: classes.day }}
        excludeDate={min === undefined && max === undefined ? undefined : outside}
        getDayProps={() => ({ onClick: () => setOpen(false) })}
        data-mantine-stop-propagation={open || undefined}
        onFocus={(event) => {
          setOpen(true);
          onFocus?.(event);
        }}
        onClick={(event) => {
          setOpen(true);
          onClick?.(event);
        }}
        onInput={() => setOpen(true)}
        onBlur={(event) => {
          setOpen(false);
          onBlur?.(event);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setOpen(false);
          onKeyDown?.(event);
        }}
      />
    </LocalisedDates>
  );
}

export interface MonthFieldProps extends Omit<
  MonthPickerInputProps,
  'value' | 'defaultValue' | 'onChange' | 'valueFormat' | 'type' | 'locale'
> {
  /** The month `YYYY-MM`. */
  value: string;
  onChange: (value: string) => void;
}

/** A month picked from the year's months ("März 2026"); the value is `YYYY-MM`. */
export function MonthField({ value, onChange, ...props }: MonthFieldProps) {
  const language = useDateLanguage();
  const { ariaLabels } = useCalendarLabels(language);
  return (
    <LocalisedDates language={language}>
      <MonthPickerInput
        ariaLabels={ariaLabels}
        {...props}
        value={monthToDay(value)}
        onChange={(day) => {
          if (day) onChange(dayToMonth(day));
        }}
        valueFormat={MONTH_FORMAT[language]}
      />
    </LocalisedDates>
  );
}
