import { useSearchParams } from 'react-router';

/**
 * A server-paged list's state in the address (`q`, `sort`, `page` and the list's filters): a reload,
 * the back button or a shared link shows the same page. Defaults are left out of the address.
 */
export interface ListStateOptions<S extends string, F extends string> {
  /** The sort orders the server accepts; the first is the default. */
  sorts: readonly [S, ...S[]];
  /**
   * Each filter's allowed values, or a test of a free value (an id, a day); anything else in the
   * address is ignored.
   */
  filters?: Record<F, readonly string[] | ((value: string) => boolean)>;
}

export interface ListState<S extends string, F extends string> {
  q: string;
  sort: S;
  page: number;
  filters: Record<F, string | null>;
}

export type ListChanges<S extends string, F extends string> = Partial<Omit<ListState<S, F>, 'filters'>> & {
  filters?: Partial<Record<F, string | null>>;
};

type FilterRule = readonly string[] | ((value: string) => boolean);

export function readListState<S extends string, F extends string>(
  params: URLSearchParams,
  options: ListStateOptions<S, F>,
): ListState<S, F> {
  const sort = options.sorts.find((s) => s === params.get('sort')) ?? options.sorts[0];
  const page = Number(params.get('page') ?? '1');
  const filters = {} as Record<F, string | null>;
  for (const [name, allowed] of Object.entries(options.filters ?? {}) as [F, FilterRule][]) {
    const value = params.get(name);
    const known = value !== null && (typeof allowed === 'function' ? allowed(value) : allowed.includes(value));
    filters[name] = known ? value : null;
  }
  return { q: params.get('q') ?? '', sort, page: Number.isInteger(page) && page >= 1 ? page : 1, filters };
}

/** The next state as an address query: any change but a page change goes back to the first page. */
export function nextListSearch<S extends string, F extends string>(
  state: ListState<S, F>,
  changes: ListChanges<S, F>,
  options: ListStateOptions<S, F>,
): URLSearchParams {
  const next = { ...state, page: 1, ...changes, filters: { ...state.filters, ...changes.filters } };
  const search = new URLSearchParams();
  const q = next.q.trim();
  if (q) search.set('q', q);
  for (const [name, value] of Object.entries(next.filters) as [F, string | null][]) if (value) search.set(name, value);
  if (next.sort !== options.sorts[0]) search.set('sort', next.sort);
  if (next.page > 1) search.set('page', String(next.page));
  return search;
}

export function useListState<S extends string, F extends string = never>(options: ListStateOptions<S, F>) {
  const [params, setParams] = useSearchParams();
  const state = readListState(params, options);
  const update = (changes: ListChanges<S, F>) => setParams(nextListSearch(state, changes, options), { replace: true });
  return { state, update };
}
