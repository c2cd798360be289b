CREATE TABLE "freeze_windows" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"reason" text NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"weekly" jsonb,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "freeze_windows_one_kind" CHECK (("freeze_windows"."weekly" is null) = ("freeze_windows"."starts_at" is not null and "freeze_windows"."ends_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "workflow_runs" DROP CONSTRAINT "workflow_runs_status_valid";--> statement-breakpoint
ALTER TABLE "workflow_runs" ADD COLUMN "skip_reason" text;--> statement-breakpoint
ALTER TABLE "workflow_runs" ADD COLUMN "freeze_override" text;--> statement-breakpoint
ALTER TABLE "freeze_windows" ADD CONSTRAINT "freeze_windows_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freeze_windows" ADD CONSTRAINT "freeze_windows_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "freeze_windows_organization" ON "freeze_windows" USING btree ("organization_id");--> statement-breakpoint
ALTER TABLE "workflow_runs" ADD CONSTRAINT "workflow_runs_status_valid" CHECK ("workflow_runs"."status" in ('awaiting-approval', 'queued', 'running', 'succeeded', 'failed', 'cancelled', 'timed-out', 'lost', 'rejected', 'expired', 'skipped'));