ALTER TABLE "workflow_runs" ADD COLUMN "secret_names" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "workflows" ADD COLUMN "secret_names" text[] DEFAULT '{}' NOT NULL;