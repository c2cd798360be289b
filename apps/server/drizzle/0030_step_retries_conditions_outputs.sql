ALTER TABLE "workflow_run_steps" ADD COLUMN "retry" jsonb;--> statement-breakpoint
ALTER TABLE "workflow_run_steps" ADD COLUMN "run_if" jsonb DEFAULT '"success"'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "workflow_run_steps" ADD COLUMN "attempts" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "workflow_run_steps" ADD COLUMN "outputs" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "workflow_run_steps" ADD COLUMN "skip_reason" text;--> statement-breakpoint
ALTER TABLE "workflow_runs" ADD COLUMN "outputs_truncated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "workflow_steps" ADD COLUMN "retry" jsonb;--> statement-breakpoint
ALTER TABLE "workflow_steps" ADD COLUMN "run_if" jsonb DEFAULT '"success"'::jsonb NOT NULL;