/**
 * The state every searchable, paged table keeps: the page, the search box's text, and the keyword
 * actually searched, which follows the box after the spec's table debounce (500 ms) and sends the
 * table back to page 1.
 */
import { TIMINGS } from '@mtp/proto';
import { useEffect, useMemo, useState } from 'react';
import { createDebouncer } from '../banks/bank-rules';

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

export function usePagedSearch(): PagedSearch {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [keyword, setKeyword] = useState('');
  const debouncer = useMemo(
    () =>
      createDebouncer<string>((value) => {
        setKeyword(value.trim());
        setPage(1);
      }, TIMINGS.tableSearchDebounceMs),
    [],
  );
  useEffect(() => () => debouncer.cancel(), [debouncer]);
  const typeSearch = (value: string) => {
    setSearch(value);
    debouncer.push(value);
  };
  return { page, setPage, search, keyword, typeSearch };
}
