import { Button } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { useManufacturers } from '../api/get-manufacturers';
import { useModels } from '../api/get-models';
import type { CatalogFilter } from '../search-filter';
import classes from './filter-form.module.css';
import { MultiCheckSelect } from './multi-check-select';

export interface FilterFormProps {
  /** The filter in the query string; the form edits a draft of it until "Filtern". */
  initial: CatalogFilter;
  onApply: (filter: CatalogFilter) => void;
  onClear: () => void;
  /** `bar`: one row above the grid; `drawer`: stacked, lists unfold in place. */
  variant: 'bar' | 'drawer';
}

/** Brand and model choice with the buttons filter and clear (spec 2.3, 4.2). */
export function FilterForm({ initial, onApply, onClear, variant }: FilterFormProps) {
  const { t } = useTranslation('catalog');
  const { t: tShared } = useTranslation();
  const [brands, setBrands] = useState<string[]>(initial.brands);
  const [models, setModels] = useState<string[]>(initial.models);

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
    onApply({ brands, models: chosenModels });
  };
  const clear = () => {
    setBrands([]);
    setModels([]);
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
