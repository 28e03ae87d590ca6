/**
 * The pure rules of a paged list (usePagedList): which page the address names, how a page is
 * written into it, how many pages a total makes, and which page to show when the filters
 * change. Pages count from 1; a page size is rows per page (20/50/100/200).
 */

/** The search parameter that holds a list's page, unless a page names another. */
export const PAGE_PARAM = 'page';

/** The page an address names: a whole number >= 1, else 1 (absent, junk, 0, negatives, fractions). */
export function pageFromParams(params: URLSearchParams, key = PAGE_PARAM): number {
  const raw = (params.get(key) ?? '').trim();
  if (!/^\d{1,15}$/.test(raw)) return 1;
  const page = Number(raw);
  return page >= 1 ? page : 1;
}

/** The address with `page` in it: page 1 is left out (a plain address is the first page); the rest kept as it is. */
export function withPage(params: URLSearchParams, page: number, key = PAGE_PARAM): URLSearchParams {
  const next = new URLSearchParams(params);
  if (page > 1) next.set(key, String(Math.floor(page)));
  else next.delete(key);
  return next;
}

/** How many pages `total` rows make: at least 1, so an empty list is "page 1 of 1". */
export function pageCountOf(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** Where a list stood when last shown: its filters (as one text), the address's page, and the page shown. */
export interface PageAnchor {
  filterKey: string;
  urlPage: number;
  page: number;
}

/**
 * The page to show now. The address moved (the pager, back/forward, a link, or a page that
 * wrote new filters and their page at once): its page. The filters changed while the
 * address kept its page (filters held outside the address, or written without a page):
 * page 1, as a narrower list may not reach the old page. Otherwise the page shown before,
 * which is also what keeps page 1 on screen while an address reset to it is on its way.
 */
export function shownPage(anchor: PageAnchor, filterKey: string, urlPage: number): number {
  if (urlPage !== anchor.urlPage) return urlPage;
  if (filterKey !== anchor.filterKey) return 1;
  return anchor.page;
}

/**
 * A page past the last one (its last rows were deleted, or a link to a page that no longer
 * exists) becomes the last page; null when `page` is fine.
 */
export function pageInRange(page: number, total: number, pageSize: number): number | null {
  const last = pageCountOf(total, pageSize);
  return page > last ? last : null;
}
