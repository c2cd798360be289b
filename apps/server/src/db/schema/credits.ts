import type { CreditTransactionType } from "@flowdeck/shared/credits/amounts";
import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";
import { createdAt, id } from "./columns.ts";
import { organizations } from "./organizations.ts";

/**
 * The ledger: the organization's balance always equals the sum of its rows' amounts. A new
 * organization's starting balance is its first row (an 'addition' of 'Initial credits').
 */
export const creditTransactions = pgTable(
  "credit_transactions",
  {
    id: id(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    /** Negative for consumption. */
    amount: integer("amount").notNull(),
    type: text("type").$type<CreditTransactionType>().notNull(),
    description: text("description").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The history's order, newest first (db/keyset.ts), so a page reads its rows only.
    index("credit_transactions_org_created_id_idx").on(
      table.organizationId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    // The history filtered by type, newest first.
    index("credit_transactions_org_type_created_id_idx").on(
      table.organizationId,
      table.type,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    // The sign says the type: a consumption takes credits away, an addition brings them.
    check(
      "credit_transactions_amount_matches_type",
      sql`(${table.type} = 'consumption' and ${table.amount} < 0) or (${table.type} = 'addition' and ${table.amount} > 0)`,
    ),
  ],
);

/** Answers to requests that carried an Idempotency-Key, so a retry never applies twice. */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    /** Whose key it is (lib/actor.ts actorKey): `user:<id>`, `token:<id>`, … */
    actorKey: text("actor_key").notNull(),
    key: text("key").notNull(),
    /** Method, route and a hash of the body: the same key with another request is refused. */
    requestFingerprint: text("request_fingerprint").notNull(),
    responseStatus: integer("response_status"),
    responseBody: jsonb("response_body"),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.actorKey, table.key] }),
    index("idempotency_keys_created_idx").on(table.createdAt),
  ],
);
