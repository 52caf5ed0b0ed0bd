import { describe, expect, it } from 'vitest';

import { nextListSearch, readListState, type ListStateOptions } from './list-state';

const options: ListStateOptions<'name' | 'newest', 'status'> = {
  sorts: ['name', 'newest'],
  filters: { status: ['ENABLED', 'DISABLED'] },
};

describe('list state in the address', () => {
  it('keeps a free filter value only when its test accepts it', () => {
    const days: ListStateOptions<'newest', 'from'> = {
      sorts: ['newest'],
      filters: { from: (v) => /^\d{4}-\d{2}-\d{2}$/.test(v) },
    };
    expect(readListState(new URLSearchParams('from=2026-11-01'), days).filters).toEqual({ from: '2026-11-01' });
    expect(readListState(new URLSearchParams('from=gestern'), days).filters).toEqual({ from: null });
  });

  it('reads search, sort, page and filters, ignoring what the list does not know', () => {
    expect(readListState(new URLSearchParams('q=Müller&sort=newest&page=3&status=DISABLED'), options)).toEqual({
      q: 'Müller',
      sort: 'newest',
      page: 3,
      filters: { status: 'DISABLED' },
    });
    expect(readListState(new URLSearchParams('sort=size&page=-2&status=ON'), options)).toEqual({
      q: '',
      sort: 'name',
      page: 1,
      filters: { status: null },
    });
    expect(readListState(new URLSearchParams('page=1.5'), options).page).toBe(1);
  });

  it('writes only what differs from the defaults and starts again at page one on any other change', () => {
    const state = readListState(new URLSearchParams('q=a&page=4'), options);
    expect(nextListSearch(state, { page: 5 }, options).toString()).toBe('q=a&page=5');
    expect(nextListSearch(state, { sort: 'newest' }, options).toString()).toBe('q=a&sort=newest');
    expect(nextListSearch(state, { filters: { status: 'ENABLED' } }, options).toString()).toBe('q=a&status=ENABLED');
    expect(nextListSearch(state, { q: '  ', sort: 'name' }, options).toString()).toBe('');
  });
});
