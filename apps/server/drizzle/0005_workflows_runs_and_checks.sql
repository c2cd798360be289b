ALTER TABLE "workflows" ADD COLUMN "schedule_timezone" text;--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_runs_one_running" ON "workflow_runs" USING btree ("workflow_id") WHERE "workflow_runs"."status" = 'running';--> statement-breakpoint
ALTER TABLE "workflow_run_steps" ADD CONSTRAINT "workflow_run_steps_status_valid" CHECK ("workflow_run_steps"."status" in ('pending', 'running', 'succeeded', 'failed', 'skipped'));--> statement-breakpoint
ALTER TABLE "workflow_runs" ADD CONSTRAINT "workflow_runs_trigger_valid" CHECK ("workflow_runs"."trigger" in ('manual', 'schedule'));--> statement-breakpoint
ALTER TABLE "workflow_runs" ADD CONSTRAINT "workflow_runs_status_valid" CHECK ("workflow_runs"."status" in ('running', 'succeeded', 'failed', 'cancelled'));--> statement-breakpoint
ALTER TABLE "workflow_steps" ADD CONSTRAINT "workflow_steps_status_valid" CHECK ("workflow_steps"."status" in ('todo', 'completed'));--> statement-breakpoint
ALTER TABLE "workflows" ADD CONSTRAINT "workflows_status_valid" CHECK ("workflows"."status" in ('draft', 'active', 'in-progress', 'completed'));--> statement-breakpoint
ALTER TABLE "workflows" ADD CONSTRAINT "workflows_progress_range" CHECK ("workflows"."progress" between 0 and 100);--> statement-breakpoint
ALTER TABLE "workflows" ADD CONSTRAINT "workflows_counts_valid" CHECK ("workflows"."completed_tasks" between 0 and "workflows"."task_count");