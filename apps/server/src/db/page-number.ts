import type { Page, PageQuery } from "@flowdeck/shared";

/** The rows a page-number query skips and takes: page 1 is the first `pageSize` rows. */
export type PageWindow = { limit: number; offset: number };

/**
 * A short list read by page number (members, invitations: `PageQuerySchema` in, `pageOf(item)`
 * out): the repository reads the window's rows and the total, each row becomes an item.
 */
export async function readPage<Row, Item>(
  page: PageQuery,
  read: (window: PageWindow) => Promise<{ rows: Row[]; total: number }>,
  toItem: (row: Row) => Item,
): Promise<Page<Item>> {
  const { rows, total } = await read({ limit: page.pageSize, offset: (page.page - 1) * page.pageSize });
  return { items: rows.map(toItem), total, page: page.page, pageSize: page.pageSize };
}
