CREATE INDEX "credit_transactions_org_type_created_idx" ON "credit_transactions" USING btree ("organization_id","type","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
ALTER TABLE "credit_transactions" ADD CONSTRAINT "credit_transactions_amount_matches_type" CHECK (("credit_transactions"."type" = 'consumption' and "credit_transactions"."amount" < 0) or ("credit_transactions"."type" = 'addition' and "credit_transactions"."amount" > 0));--> statement-breakpoint
-- Organizations made before the ledger hold a balance without rows: record it as their opening row,
-- so that from here on every balance equals the sum of its organization's transactions.
INSERT INTO "credit_transactions" ("id", "organization_id", "user_id", "amount", "type", "description", "created_at")
SELECT gen_random_uuid()::text, o."id", o."created_by", o."credits" - coalesce(l."total", 0),
  CASE WHEN o."credits" - coalesce(l."total", 0) > 0 THEN 'addition' ELSE 'consumption' END,
  CASE WHEN coalesce(l."total", 0) = 0 THEN 'Initial credits' ELSE 'Balance correction' END,
  o."created_at"
FROM "organizations" o
LEFT JOIN (
  SELECT "organization_id", sum("amount") AS "total" FROM "credit_transactions" GROUP BY "organization_id"
) l ON l."organization_id" = o."id"
WHERE o."credits" <> coalesce(l."total", 0);
