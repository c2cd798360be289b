CREATE TABLE "run_approvals" (
	"id" text PRIMARY KEY NOT NULL,
	"run_id" text NOT NULL,
	"organization_id" text NOT NULL,
	"user_id" text,
	"user_name" text NOT NULL,
	"decision" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "run_approvals_decision_valid" CHECK ("run_approvals"."decision" in ('approved', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "workflow_runs" DROP CONSTRAINT "workflow_runs_status_valid";--> statement-breakpoint
DROP INDEX "workflow_runs_one_under_way";--> statement-breakpoint
ALTER TABLE "workflow_runs" ADD COLUMN "requested_by_token_id" text;--> statement-breakpoint
ALTER TABLE "workflow_runs" ADD COLUMN "requested_by_token_name" text;--> statement-breakpoint
ALTER TABLE "workflow_runs" ADD COLUMN "note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "workflow_runs" ADD COLUMN "approval" jsonb;--> statement-breakpoint
ALTER TABLE "workflow_runs" ADD COLUMN "approval_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "workflows" ADD COLUMN "approval" jsonb;--> statement-breakpoint
ALTER TABLE "workflows" ADD COLUMN "respect_freeze_windows" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "workflows" ADD COLUMN "confirm_name" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "run_approvals" ADD CONSTRAINT "run_approvals_run_id_workflow_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."workflow_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "run_approvals" ADD CONSTRAINT "run_approvals_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "run_approvals" ADD CONSTRAINT "run_approvals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "run_approvals_one_per_person" ON "run_approvals" USING btree ("run_id","user_id");--> statement-breakpoint
ALTER TABLE "workflow_runs" ADD CONSTRAINT "workflow_runs_requested_by_token_id_api_tokens_id_fk" FOREIGN KEY ("requested_by_token_id") REFERENCES "public"."api_tokens"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "workflow_runs_awaiting_idx" ON "workflow_runs" USING btree ("organization_id","approval_expires_at") WHERE "workflow_runs"."status" = 'awaiting-approval';--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_runs_one_under_way" ON "workflow_runs" USING btree ("workflow_id") WHERE "workflow_runs"."status" in ('awaiting-approval', 'queued', 'running');--> statement-breakpoint
ALTER TABLE "workflow_runs" ADD CONSTRAINT "workflow_runs_status_valid" CHECK ("workflow_runs"."status" in ('awaiting-approval', 'queued', 'running', 'succeeded', 'failed', 'cancelled', 'timed-out', 'lost', 'rejected', 'expired'));