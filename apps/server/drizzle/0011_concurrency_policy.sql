ALTER TABLE "workflows" ADD COLUMN "concurrency_policy" text DEFAULT 'skip' NOT NULL;--> statement-breakpoint
ALTER TABLE "workflows" ADD COLUMN "skipped_runs" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "workflows" ADD COLUMN "last_skipped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "workflows" ADD CONSTRAINT "workflows_concurrency_policy_valid" CHECK ("workflows"."concurrency_policy" in ('skip', 'queue', 'cancel'));