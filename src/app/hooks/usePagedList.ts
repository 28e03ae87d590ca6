/**
 * One page of a server-paged list, as every list page holds it: the page (from 1) in the
 * address (`?page=`, so reload, back and a shared link keep it), the page size the user last
 * chose for any list (state/settings.ts, remembered), the page fetched through SWR with the
 * previous page kept on screen while the next loads, page 1 again when the filters change,
 * the last page when the shown one is past it, and `refresh` for after a change.
 * The rules themselves are in pagedList.ts.
 */
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import useSWR from 'swr';
import { useSnapshot } from 'valtio';
import type { PageSize } from '../../api/contract';
import type { ApiResult } from '../../api/client';
import { setPageSize as rememberPageSize, settings } from '../state/settings';
import { PAGE_PARAM, pageFromParams, pageInRange, shownPage, withPage, type PageAnchor } from './pagedList';

export interface PagedListOptions<T> {
  /** Names the list in SWR's cache (e.g. 'staff-list'); lists of one name share pages. */
  name: string;
  /** False while the list cannot be asked for yet (no user signed in): nothing is fetched. */
  enabled: boolean;
  /** What narrows or orders the list (JSON-serialisable): a change fetches page 1. */
  filters: unknown;
  /** What else the answer depends on (user, language, a cache revision): a change fetches the same page again. */
  deps?: readonly unknown[];
  /** Asks the server for one page; a failure's message is what the list shows. */
  fetchPage: (pageIndex: number, pageSize: PageSize) => Promise<ApiResult<T>>;
  /** The filtered row count in an answer (for the pager and the last-page check). */
  totalOf: (data: T) => number;
  /** The address parameter of the page, if not `page`. */
  pageParam?: string;
}

export interface PagedList<T> {
  /** The page's answer; the previous page's while the next one loads; undefined before the first. */
  data: T | undefined;
  /** Why the last fetch failed, in the user's language; null when it did not. */
  error: string | null;
  /** The first load: nothing to show yet. */
  loading: boolean;
  /** Any fetch under way (a page, a refresh), for aria-busy. */
  busy: boolean;
  total: number;
  pageIndex: number;
  pageSize: PageSize;
  setPageIndex: (page: number) => void;
  setPageSize: (size: PageSize) => void;
  /** Fetches the shown page again (retry, and after a change the cache does not announce). */
  refresh: () => void;
  /** What the Pager under the list takes. */
  pager: PagerProps;
  /** What ListFrame takes of the list's state: `<ListFrame {...list.frame} …>`. */
  frame: { loading: boolean; busy: boolean; error: string | null; onRetry: () => void; pager: PagerProps };
}

type PagerProps = { total: number; pageIndex: number; pageSize: PageSize; onPageChange: (page: number) => void; onPageSizeChange: (size: PageSize) => void };

export function usePagedList<T>({ name, enabled, filters, deps = [], fetchPage, totalOf, pageParam = PAGE_PARAM }: PagedListOptions<T>): PagedList<T> {
  const [params, setParams] = useSearchParams();
  const { pageSize } = useSnapshot(settings);
  const filterKey = JSON.stringify(filters ?? null);
  const urlPage = pageFromParams(params, pageParam);
  const [anchor, setAnchor] = useState<PageAnchor>({ filterKey, urlPage, page: urlPage });
  const pageIndex = shownPage(anchor, filterKey, urlPage);

  const writePage = useCallback(
    (page: number, replace: boolean) => setParams((p) => withPage(p, page, pageParam), { replace }),
    [setParams, pageParam],
  );

  // Remember what was shown; a page the address does not hold yet (a reset to 1) is written
  // into it, replacing the current history step (the filter change made that step).
  useEffect(() => {
    if (anchor.filterKey === filterKey && anchor.urlPage === urlPage && anchor.page === pageIndex) return;
    setAnchor({ filterKey, urlPage, page: pageIndex });
    if (pageIndex !== urlPage) writePage(pageIndex, true);
  }, [anchor, filterKey, urlPage, pageIndex, writePage]);

  const { data, error, isLoading, isValidating, mutate } = useSWR(
    enabled ? ([name, ...deps, filterKey, pageIndex, pageSize] as const) : null,
    async () => {
      const result = await fetchPage(pageIndex, pageSize);
      if (!result.ok) throw new Error(result.message);
      return result.data;
    },
    { keepPreviousData: true, revalidateOnFocus: false, shouldRetryOnError: false },
  );

  const total = data ? totalOf(data) : 0;
  // Past the last page (its last rows deleted): the last page. Only on this key's own answer,
  // not on the previous page's kept on screen.
  const lastPage = data && !isLoading ? pageInRange(pageIndex, total, pageSize) : null;
  useEffect(() => {
    if (lastPage !== null) writePage(lastPage, true);
  }, [lastPage, writePage]);

  const setPageIndex = useCallback((page: number) => writePage(page, false), [writePage]);
  const setPageSize = useCallback(
    (size: PageSize) => {
      rememberPageSize(size);
      // Another page size starts again at page 1.
      if (pageIndex !== 1) writePage(1, false);
    },
    [pageIndex, writePage],
  );
  const refresh = useCallback(() => void mutate(), [mutate]);

  const message = error ? (error as Error).message : null;
  const loading = isLoading && !data;
  const pager = { total, pageIndex, pageSize, onPageChange: setPageIndex, onPageSizeChange: setPageSize };
  return {
    data,
    error: message,
    loading,
    busy: isValidating,
    total,
    pageIndex,
    pageSize,
    setPageIndex,
    setPageSize,
    refresh,
    pager,
    frame: { loading, busy: isValidating, error: message, onRetry: refresh, pager },
  };
}
