CREATE TABLE "run_log_chunks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "run_log_chunks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"run_id" text NOT NULL,
	"seq" integer NOT NULL,
	"position" integer NOT NULL,
	"stream" text NOT NULL,
	"text" text NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "run_log_chunks_stream_valid" CHECK ("run_log_chunks"."stream" in ('stdout', 'stderr', 'system'))
);
--> statement-breakpoint
CREATE TABLE "runner_registration_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_by" text,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "runners" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"name" text NOT NULL,
	"os" text NOT NULL,
	"arch" text NOT NULL,
	"labels" text[] DEFAULT '{}' NOT NULL,
	"version" text NOT NULL,
	"secret_hash" text NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "runners_os_valid" CHECK ("runners"."os" in ('windows', 'linux', 'mac'))
);
--> statement-breakpoint
ALTER TABLE "workflow_run_steps" DROP CONSTRAINT "workflow_run_steps_status_valid";--> statement-breakpoint
ALTER TABLE "workflow_runs" DROP CONSTRAINT "workflow_runs_status_valid";--> statement-breakpoint
DROP INDEX "workflow_runs_one_running";--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "credits_per_run" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "workflow_run_steps" ADD COLUMN "command" text;--> statement-breakpoint
ALTER TABLE "workflow_run_steps" ADD COLUMN "continue_on_error" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "workflow_run_steps" ADD COLUMN "timeout_seconds" integer;--> statement-breakpoint
ALTER TABLE "workflow_run_steps" ADD COLUMN "signal" text;--> statement-breakpoint
ALTER TABLE "workflow_runs" ADD COLUMN "kind" text DEFAULT 'checklist' NOT NULL;--> statement-breakpoint
ALTER TABLE "workflow_runs" ADD COLUMN "platform" text;--> statement-breakpoint
ALTER TABLE "workflow_runs" ADD COLUMN "runner_id" text;--> statement-breakpoint
ALTER TABLE "workflow_runs" ADD COLUMN "required_labels" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "workflow_runs" ADD COLUMN "timeout_seconds" integer;--> statement-breakpoint
ALTER TABLE "workflow_runs" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "workflow_runs" ADD COLUMN "lease_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "workflow_runs" ADD COLUMN "cancel_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "workflow_runs" ADD COLUMN "credits_charged" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "workflow_runs" ADD COLUMN "next_log_seq" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "workflow_runs" ADD COLUMN "log_bytes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "workflow_runs" ADD COLUMN "log_truncated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "workflow_steps" ADD COLUMN "continue_on_error" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "workflow_steps" ADD COLUMN "timeout_seconds" integer;--> statement-breakpoint
ALTER TABLE "workflows" ADD COLUMN "timeout_seconds" integer DEFAULT 3600 NOT NULL;--> statement-breakpoint
ALTER TABLE "workflows" ADD COLUMN "runner_labels" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "run_log_chunks" ADD CONSTRAINT "run_log_chunks_run_id_workflow_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."workflow_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "runner_registration_tokens" ADD CONSTRAINT "runner_registration_tokens_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "runner_registration_tokens" ADD CONSTRAINT "runner_registration_tokens_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "runners" ADD CONSTRAINT "runners_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "runners" ADD CONSTRAINT "runners_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "run_log_chunks_run_idx" ON "run_log_chunks" USING btree ("run_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "runner_registration_tokens_hash_unique" ON "runner_registration_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "runner_registration_tokens_org_idx" ON "runner_registration_tokens" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "runners_secret_hash_unique" ON "runners" USING btree ("secret_hash");--> statement-breakpoint
CREATE INDEX "runners_org_idx" ON "runners" USING btree ("organization_id","created_at");--> statement-breakpoint
ALTER TABLE "workflow_runs" ADD CONSTRAINT "workflow_runs_runner_id_runners_id_fk" FOREIGN KEY ("runner_id") REFERENCES "public"."runners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_runs_one_under_way" ON "workflow_runs" USING btree ("workflow_id") WHERE "workflow_runs"."status" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "workflow_runs_queue_idx" ON "workflow_runs" USING btree ("organization_id","platform","started_at") WHERE "workflow_runs"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "workflow_runs_lease_idx" ON "workflow_runs" USING btree ("lease_expires_at") WHERE "workflow_runs"."status" = 'running' and "workflow_runs"."kind" = 'executed';--> statement-breakpoint
CREATE INDEX "workflow_runs_runner_idx" ON "workflow_runs" USING btree ("runner_id");--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_credits_per_run_not_negative" CHECK ("organizations"."credits_per_run" >= 0);--> statement-breakpoint
ALTER TABLE "workflow_run_steps" ADD CONSTRAINT "workflow_run_steps_status_valid" CHECK ("workflow_run_steps"."status" in ('pending', 'running', 'succeeded', 'failed', 'skipped', 'cancelled', 'timed-out'));--> statement-breakpoint
ALTER TABLE "workflow_runs" ADD CONSTRAINT "workflow_runs_kind_valid" CHECK ("workflow_runs"."kind" in ('checklist', 'executed'));--> statement-breakpoint
ALTER TABLE "workflow_runs" ADD CONSTRAINT "workflow_runs_platform_valid" CHECK ("workflow_runs"."platform" in ('windows', 'linux', 'mac'));--> statement-breakpoint
ALTER TABLE "workflow_runs" ADD CONSTRAINT "workflow_runs_executed_has_platform" CHECK ("workflow_runs"."kind" = 'checklist' or "workflow_runs"."platform" is not null);--> statement-breakpoint
ALTER TABLE "workflow_runs" ADD CONSTRAINT "workflow_runs_status_valid" CHECK ("workflow_runs"."status" in ('queued', 'running', 'succeeded', 'failed', 'cancelled', 'timed-out', 'lost'));--> statement-breakpoint
ALTER TABLE "workflows" ADD CONSTRAINT "workflows_timeout_positive" CHECK ("workflows"."timeout_seconds" > 0);