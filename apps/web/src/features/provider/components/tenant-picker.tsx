import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';

import { useTenants } from '../api/get-tenants';

const SUGGESTIONS = 20;

/**
 * Picks one employer by name: the typed text is searched on the server (a provider has hundreds of
 * employers, the list is never loaded whole), the first matches are offered.
 */
export function TenantPicker({
  label,
  placeholder,
  value,
  onChange,
}: {
  label: string;
  placeholder: string;
  value: string | null;
  onChange: (tenantId: string | null) => void;
}) {
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(null);
  const [q] = useDebouncedValue(search.trim(), 250);
  // The chosen employer's name is the field's text; searching for it again would offer it alone.
  const term = chosen && q === chosen.label ? '' : q;
  const tenants = useTenants({ ...(term ? { q: term } : {}), pageSize: SUGGESTIONS });
  const options = (tenants.data?.items ?? []).map((tenant) => ({ value: tenant.id, label: tenant.name }));
  const data =
    chosen && value === chosen.value && !options.some((o) => o.value === value) ? [chosen, ...options] : options;
  return (
    <Select
      label={label}
      placeholder={placeholder}
      data={data}
      value={value}
      onChange={(tenantId, option) => {
        setChosen(tenantId && option ? { value: tenantId, label: option.label } : null);
        onChange(tenantId);
      }}
      searchValue={search}
      onSearchChange={setSearch}
      // The server has filtered already.
      filter={({ options: all }) => all}
      clearable
      searchable
    />
  );
}
