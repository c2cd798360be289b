import type { Executor } from "./database.ts";

/**
 * Statements built once and then run with placeholders (drizzle's `.prepare`): building a query
 * with drizzle's builder costs more CPU than PostgreSQL takes to answer a short one, so the hot
 * reads are built once per shape — which optional filters a request uses — instead of on every
 * request. On PostgreSQL each is a named prepared statement on each pooled connection (parsed
 * once per connection); on PGlite the worker prepares every statement by its text anyway.
 *
 * A statement belongs to the executor it was built on (the database, or a transaction for as long
 * as it lasts), so they are kept per executor, and per shape: `build(db, shape)` must give the
 * same SQL for the same shape, and `name` must be unique to it (PostgreSQL keeps statements by name).
 */
export function preparedStatements<Shape extends string, Statement>(
  build: (db: Executor, shape: Shape) => Statement,
): (db: Executor, shape: Shape) => Statement {
  const byExecutor = new WeakMap<Executor, Map<Shape, Statement>>();
  return (db, shape) => {
    let statements = byExecutor.get(db);
    if (!statements) byExecutor.set(db, (statements = new Map()));
    let statement = statements.get(shape);
    if (!statement) statements.set(shape, (statement = build(db, shape)));
    return statement;
  };
}
