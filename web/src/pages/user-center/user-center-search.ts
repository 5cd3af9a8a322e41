/**
 * Search params of the user center's lists, validated like every table's (routes/table-search.ts):
 * a bad value falls back to the default, and defaults are left out of the URL.
 */
import { validateTableSearch } from '../../routes/table-search';
import type { MessageFilter } from '../../commerce/commerce-query-options';

export type PageSearch = { page?: number };
export type MessageSearch = PageSearch & { unread?: 1 };

export function validatePageSearch(search: Record<string, unknown>): PageSearch {
  return { page: validateTableSearch(search).page };
}

export function validateMessageSearch(search: Record<string, unknown>): MessageSearch {
  const unread = search.unread === 1 || search.unread === '1' || search.unread === true ? 1 : undefined;
  return { ...validatePageSearch(search), unread };
}

export function messageFilterOf(search: MessageSearch): MessageFilter {
  return { page: search.page ?? 1, unread: search.unread === 1 };
}

export function messageSearchOf(filter: MessageFilter): MessageSearch {
  return { page: filter.page > 1 ? filter.page : undefined, unread: filter.unread ? 1 : undefined };
}
