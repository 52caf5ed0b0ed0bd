import { useTranslation } from 'react-i18next';

import { CatalogSorts, type CatalogSort } from '@leasing/contract';

import { ChoiceSelect } from './choice-select';
import classes from './search-page.module.css';

/**
 * The order of the cards (ADR 0062): brand and model (the default), the net rate the person sees,
 * the range, the delivery time, the list price. It applies at once; the server sorts every car of the
 * filter, so the cheapest rate is first however long the list.
 */
export function SortSelect({ value, onChange }: { value: CatalogSort | null; onChange: (value: string) => void }) {
  const { t } = useTranslation('catalog');
  return (
    <div className={classes.sort}>
      <ChoiceSelect
        label={t('sort.label')}
        value={value ?? ''}
        choices={[
          { value: '', label: t('sort.default') },
          ...CatalogSorts.map((sort) => ({ value: sort, label: t(`sort.${sort}`) })),
        ]}
        onChange={onChange}
        testId="sort"
      />
    </div>
  );
}
