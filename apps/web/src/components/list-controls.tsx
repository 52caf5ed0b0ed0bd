import { Pagination, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';

/** The search field of a server-paged list: the term goes to the address once typing pauses. */
export function ListSearchInput({
  label,
  value,
  onSearch,
  width = 360,
  placeholder,
}: {
  label: string;
  value: string;
  onSearch: (term: string) => void;
  width?: number;
  placeholder?: string;
}) {
  const [text, setText] = useState(value);
  // The address changed from elsewhere (a reset, the back button): show its term, but never undo
  // what is being typed (the term sent is the typed text trimmed).
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    if (value !== text.trim()) setText(value);
  }
  const searchFor = useDebouncedCallback((term: string) => onSearch(term.trim()), 300);
  return (
    <TextInput
      label={label}
      placeholder={placeholder}
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
