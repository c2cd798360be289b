ALTER TABLE "organizations" ADD COLUMN "keep_runs_days" integer DEFAULT 90 NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "max_runs_per_workflow" integer DEFAULT 1000 NOT NULL;--> statement-breakpoint
ALTER TABLE "workflow_runs" ADD COLUMN "pinned" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "workflows" ADD COLUMN "concurrency_policy" text DEFAULT 'skip' NOT NULL;--> statement-breakpoint
ALTER TABLE "workflows" ADD COLUMN "skipped_runs" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "workflows" ADD COLUMN "last_skipped_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "workflow_runs_history_idx" ON "workflow_runs" USING btree ("workflow_id","started_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_retention_positive" CHECK ("organizations"."keep_runs_days" > 0 and "organizations"."max_runs_per_workflow" > 0);--> statement-breakpoint
ALTER TABLE "workflows" ADD CONSTRAINT "workflows_concurrency_policy_valid" CHECK ("workflows"."concurrency_policy" in ('skip', 'queue', 'cancel'));