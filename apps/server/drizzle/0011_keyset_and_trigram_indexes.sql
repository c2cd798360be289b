-- Trigram indexes make substring search (ILIKE '%…%') read only the matching rows. pg_trgm is a
-- trusted extension: a database owner may create it; PGlite loads it in database.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- The tags as one indexable text (array_to_string is only STABLE, so it cannot be indexed as is);
-- a newline, which no search contains, keeps a search from matching across two tags.
CREATE OR REPLACE FUNCTION flowdeck_tags_text(tags text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT array_to_string(tags, E'\n') $$;--> statement-breakpoint
DROP INDEX "credit_transactions_org_created_idx";--> statement-breakpoint
DROP INDEX "credit_transactions_org_type_created_idx";--> statement-breakpoint
DROP INDEX "documents_org_created_idx";--> statement-breakpoint
DROP INDEX "tasks_org_created_idx";--> statement-breakpoint
DROP INDEX "workflows_org_created_idx";--> statement-breakpoint
CREATE INDEX "credit_transactions_org_created_id_idx" ON "credit_transactions" USING btree ("organization_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "credit_transactions_org_type_created_id_idx" ON "credit_transactions" USING btree ("organization_id","type","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "documents_org_created_id_idx" ON "documents" USING btree ("organization_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "documents_title_trgm_idx" ON "documents" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "documents_description_trgm_idx" ON "documents" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "documents_file_name_trgm_idx" ON "documents" USING gin ("file_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "documents_tags_trgm_idx" ON "documents" USING gin (flowdeck_tags_text("tags") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tasks_org_created_id_idx" ON "tasks" USING btree ("organization_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tasks_name_trgm_idx" ON "tasks" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tasks_description_trgm_idx" ON "tasks" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tasks_tags_trgm_idx" ON "tasks" USING gin (flowdeck_tags_text("tags") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "workflows_org_created_id_idx" ON "workflows" USING btree ("organization_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);