/**
 * The state every searchable, paged table keeps: the page, the search box's text, and the keyword
 * actually searched, which follows the box after the spec's table debounce (500 ms) and sends the
 * table back to page 1.
 *
 * The page and keyword are either the hook's own state, or, for the screens that keep them in the
 * URL (`source`), the route's search params: then back/forward and a reload restore them, and the
 * box follows a keyword that changed under it (unless the user is still typing).
 */
import { TIMINGS } from '@mtp/proto';
import { useEffect, useMemo, useRef, useState } from 'react';
import { createDebouncer } from '../banks/bank-rules';
import type { PageFilter } from '../queries/query-keys';

export type PagedSearch = {
  page: number;
  setPage: (page: number) => void;
  /** What the search box shows. */
  search: string;
  /** What the table is searched for (trimmed, debounced). */
  keyword: string;
  /** The search box's onChange. */
  typeSearch: (value: string) => void;
};

/** Where the page and keyword live when not in the hook: read `value`, write through `onChange`. */
export type PagedSearchSource = { value: PageFilter; onChange: (next: PageFilter) => void };

export function usePagedSearch(source?: PagedSearchSource): PagedSearch {
  const [local, setLocal] = useState<PageFilter>({ page: 1, keyword: '' });
  const { page, keyword } = source ? source.value : local;
  const [search, setSearch] = useState(keyword);

  // The debouncer is made once; it writes through whatever source the latest render had.
  const latestSource = useRef(source);
  useEffect(() => {
    latestSource.current = source;
  });
  const debouncer = useMemo(
    () =>
      createDebouncer<string>((value) => {
        const next = { page: 1, keyword: value.trim() };
        if (latestSource.current) latestSource.current.onChange(next);
        else setLocal(next);
      }, TIMINGS.tableSearchDebounceMs),
    [],
  );
  useEffect(() => () => debouncer.cancel(), [debouncer]);

  // Back/forward (or a link) changed the keyword: show it, unless a newer one is being typed.
  useEffect(() => {
    if (!debouncer.pending) setSearch((box) => (box.trim() === keyword ? box : keyword));
  }, [keyword, debouncer]);

  const typeSearch = (value: string) => {
    setSearch(value);
    debouncer.push(value);
  };
  const setPage = (next: number) => (source ? source.onChange({ page: next, keyword }) : setLocal({ page: next, keyword }));
  return { page, setPage, search, keyword, typeSearch };
}
