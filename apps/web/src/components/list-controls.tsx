import { Pagination, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';

/** The search field of a server-paged list: the term goes to the address once typing pauses. */
export function ListSearchInput({
  label,
  value,
  onSearch,
  width = 360,
}: {
  label: string;
  value: string;
  onSearch: (term: string) => void;
  width?: number;
}) {
  const [text, setText] = useState(value);
  const searchFor = useDebouncedCallback((term: string) => onSearch(term.trim()), 300);
  return (
    <TextInput
      label={label}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        searchFor(event.currentTarget.value);
      }}
      w={width}
      maw="100%"
      type="search"
    />
  );
}

/** Page numbers under a server-paged list, shown when there is more than one page. */
export function ListPager({
  total,
  pageSize,
  page,
  onPage,
  label,
}: {
  total: number;
  pageSize: number;
  page: number;
  onPage: (page: number) => void;
  label: string;
}) {
  if (total <= pageSize) return null;
  return <Pagination total={Math.ceil(total / pageSize)} value={page} onChange={onPage} aria-label={label} />;
}
