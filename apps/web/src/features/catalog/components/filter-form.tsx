import { Button } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { formatKm, formatPrice } from '../../../lib/format';
import { useManufacturers } from '../api/get-manufacturers';
import { useModels } from '../api/get-models';
import { RANGE_STEPS_KM, RATE_STEPS_EUR, type CatalogFilter } from '../search-filter';
import { ChoiceSelect, type Choice } from './choice-select';
import classes from './filter-form.module.css';
import { MultiCheckSelect } from './multi-check-select';

/** "Any" first, then the steps, with a value from the address among them when it is none of them. */
function numberChoices(
  steps: readonly number[],
  current: number | null,
  anyLabel: string,
  label: (value: number) => string,
): Choice[] {
  const values = current === null || steps.includes(current) ? steps : [...steps, current].sort((a, b) => a - b);
  return [{ value: '', label: anyLabel }, ...values.map((value) => ({ value: String(value), label: label(value) }))];
}

const numberOf = (value: string): number | null => (value === '' ? null : Number(value));

export interface FilterFormProps {
  /** The filter in the query string; the form edits a draft of it until "Filtern". */
  initial: CatalogFilter;
  onApply: (filter: CatalogFilter) => void;
  onClear: () => void;
  /** `bar`: one row above the grid; `drawer`: stacked, lists unfold in place. */
  variant: 'bar' | 'drawer';
}

/**
 * Brand and model choice, the minimum range and the maximum rate (ADR 0062) with the buttons filter
 * and clear (spec 2.3, 4.2). The order of the cards is not part of it: it applies at once (search-page).
 */
export function FilterForm({ initial, onApply, onClear, variant }: FilterFormProps) {
  const { t } = useTranslation('catalog');
  const { t: tShared } = useTranslation();
  const [brands, setBrands] = useState<string[]>(initial.brands);
  const [models, setModels] = useState<string[]>(initial.models);
  const [minRangeKm, setMinRangeKm] = useState<number | null>(initial.minRangeKm);
  const [maxRateEur, setMaxRateEur] = useState<number | null>(initial.maxRateEur);

  const manufacturers = useManufacturers();
  // The model list reloads whenever the chosen brands change.
  const modelOptions = useModels(brands);
  // Models of brands no longer chosen drop out as soon as the new list is there.
  const chosenModels = modelOptions.data ? models.filter((m) => modelOptions.data.includes(m)) : models;

  const changeBrands = (next: string[]) => {
    setBrands(next);
    // Spec 4.2: emptying the brands clears the models.
    if (next.length === 0) setModels([]);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onApply({ brands, models: chosenModels, minRangeKm, maxRateEur, sort: initial.sort });
  };
  const clear = () => {
    setBrands([]);
    setModels([]);
    setMinRangeKm(null);
    setMaxRateEur(null);
    onClear();
  };

  const inline = variant === 'drawer';
  const fields = (
    <>
      <MultiCheckSelect
        label={t('filters.brand')}
        emptyLabel={t('filters.allBrands')}
        options={manufacturers.data ?? []}
        value={brands}
        onChange={changeBrands}
        loading={manufacturers.isPending}
        loadingLabel={t('filters.loading')}
        noOptionsLabel={t('filters.noOptions')}
        inline={inline}
      />
      <MultiCheckSelect
        label={t('filters.model')}
        emptyLabel={t('filters.allModels')}
        options={modelOptions.data ?? []}
        value={chosenModels}
        onChange={setModels}
        loading={modelOptions.isPending}
        loadingLabel={t('filters.loading')}
        noOptionsLabel={t('filters.noOptions')}
        inline={inline}
      />
      <ChoiceSelect
        label={t('filters.range')}
        value={minRangeKm === null ? '' : String(minRangeKm)}
        choices={numberChoices(RANGE_STEPS_KM, minRangeKm, t('filters.anyRange'), (km) =>
          t('filters.rangeFrom', { range: formatKm(km) }),
        )}
        onChange={(value) => setMinRangeKm(numberOf(value))}
        testId="filter-range"
      />
      <ChoiceSelect
        label={t('filters.rate')}
        value={maxRateEur === null ? '' : String(maxRateEur)}
        choices={numberChoices(RATE_STEPS_EUR, maxRateEur, t('filters.anyRate'), (eur) =>
          t('filters.rateUpTo', { rate: formatPrice(eur) }),
        )}
        onChange={(value) => setMaxRateEur(numberOf(value))}
        testId="filter-rate"
      />
    </>
  );
  const buttons = (
    <>
      <Button type="submit">{tShared('main.filter')}</Button>
      <Button type="button" variant="default" onClick={clear}>
        {tShared('main.clear')}
      </Button>
    </>
  );

  return (
    <form onSubmit={submit} aria-label={t('filters.label')}>
      {variant === 'bar' ? (
        <div className={classes.bar}>
          <div className={classes.barFields}>{fields}</div>
          <div className={classes.barButtons}>{buttons}</div>
        </div>
      ) : (
        <div className={classes.stack}>
          {fields}
          <div className={classes.stackButtons}>{buttons}</div>
        </div>
      )}
    </form>
  );
}
