import { Drawer } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { FilterForm, type FilterFormProps } from './filter-form';

export interface FilterDrawerProps extends Omit<FilterFormProps, 'variant'> {
  opened: boolean;
  onClose: () => void;
  /** Changes with the filter in the query string, so the form starts from it again. */
  filterKey: string;
}

/**
 * Filters on narrow screens (spec 2.3): a side drawer titled "Filter". Its own module, loaded on the first
 * open: the drawer brings focus trap, portal and transitions that the search page's first load leaves out.
 */
export function FilterDrawer({ opened, onClose, filterKey, onApply, onClear, initial }: FilterDrawerProps) {
  const { t } = useTranslation();
  const { t: tCatalog } = useTranslation('catalog');
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title={t('main.filters')}
      position="left"
      size="min(360px, 90vw)"
      closeButtonProps={{ 'aria-label': tCatalog('filters.closeDrawer') }}
    >
      <FilterForm
        key={filterKey}
        variant="drawer"
        initial={initial}
        onApply={(filter) => {
          onApply(filter);
          onClose();
        }}
        onClear={() => {
          onClear();
          onClose();
        }}
      />
    </Drawer>
  );
}
