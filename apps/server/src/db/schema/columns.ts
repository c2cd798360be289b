import { randomUUID } from "node:crypto";
import { sql, type SQLWrapper } from "drizzle-orm";
import { text, timestamp } from "drizzle-orm/pg-core";

export const id = () =>
  text("id")
    .primaryKey()
    .$defaultFn(() => randomUUID());

export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

export const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/**
 * A check that a text column holds one of a list from packages/shared, as `column in ('a', 'b')`:
 * the API validates with the same list, so the two never disagree. The lists are constants
 * (no quotes in them), never input.
 */
export const oneOf = (column: SQLWrapper, values: readonly string[]) =>
  sql`${column} in (${sql.raw(values.map((value) => `'${value}'`).join(", "))})`;

/**
 * One value of a shared list, written into hand-written SQL as a literal; the type argument checks
 * that it is one (`${literal<Role>("owner")}`), so renaming a value breaks the build, not the query.
 */
export const literal = <T extends string>(value: T) => sql.raw(`'${value}'`);
