DROP INDEX "workflow_runs_workflow_idx";--> statement-breakpoint
DROP INDEX "workflow_runs_history_idx";--> statement-breakpoint
CREATE INDEX "workflow_runs_history_idx" ON "workflow_runs" USING btree ("workflow_id","started_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);