import { z } from "zod";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "./pagination.ts";

/**
 * Long lists (tasks, workflows, documents, the credit ledger) are read a page at a time from a
 * cursor, newest first: the next page starts after the last row shown, so a page costs the same
 * however deep it is and rows added meanwhile never shift it (docs/decisions/021).
 */

/**
 * Beyond this many matches a list says "10,000+" instead of counting them all. The server counts
 * exactly up to 1,000 with the page, then up to this cap unless the planner expects five times
 * as many, when it says "10,000+" without counting (docs/decisions/048).
 */
export const COUNT_CAP = 10_000;

export const KEYSET_MESSAGES = { invalidCursor: "Invalid page cursor" } as const;

/** Query string of every keyset list: ?pageSize=20&cursor=… (no cursor: the first page). */
export const KeysetQuerySchema = z.object({
  cursor: z.string().trim().max(200, KEYSET_MESSAGES.invalidCursor).optional(),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type KeysetQuery = z.output<typeof KeysetQuerySchema>;

/** The answer of every keyset list. */
export function keysetPageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    /** How many rows match, up to COUNT_CAP. */
    total: z.number().int(),
    /** True when more than `total` (COUNT_CAP) rows match, counted or estimated far beyond it. */
    totalCapped: z.boolean(),
    /** The cursor of the next page; null on the last one. */
    nextCursor: z.string().nullable(),
    pageSize: z.number().int(),
  });
}

export type KeysetPage<T> = {
  items: T[];
  total: number;
  totalCapped: boolean;
  nextCursor: string | null;
  pageSize: number;
};
