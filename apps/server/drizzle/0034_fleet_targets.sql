ALTER TABLE "workflow_runs" DROP CONSTRAINT "workflow_runs_executed_has_platform";--> statement-breakpoint
DROP INDEX "workflow_runs_one_under_way";--> statement-breakpoint
ALTER TABLE "workflow_runs" ADD COLUMN "parent_run_id" text;--> statement-breakpoint
ALTER TABLE "workflow_runs" ADD COLUMN "target_runner_id" text;--> statement-breakpoint
ALTER TABLE "workflow_runs" ADD COLUMN "target" jsonb;--> statement-breakpoint
ALTER TABLE "workflow_runs" ADD COLUMN "held" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "workflow_runs" ADD COLUMN "claim_deadline" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "workflows" ADD COLUMN "target" jsonb DEFAULT '{"mode":"any","runnerId":null,"batchSize":null,"keepGoing":false,"successThreshold":100,"offlineWaitMinutes":0}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "workflow_runs" ADD CONSTRAINT "workflow_runs_parent_run_id_workflow_runs_id_fk" FOREIGN KEY ("parent_run_id") REFERENCES "public"."workflow_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "workflow_runs_parent_idx" ON "workflow_runs" USING btree ("parent_run_id") WHERE "workflow_runs"."parent_run_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_runs_one_under_way" ON "workflow_runs" USING btree ("workflow_id") WHERE "workflow_runs"."status" in ('awaiting-approval', 'queued', 'running') and "workflow_runs"."parent_run_id" is null;--> statement-breakpoint
ALTER TABLE "workflow_runs" ADD CONSTRAINT "workflow_runs_executed_has_platform" CHECK ("workflow_runs"."kind" = 'checklist' or "workflow_runs"."platform" is not null or "workflow_runs"."target"->>'mode' = 'all');--> statement-breakpoint
-- Written by hand (decision 080): the health panel counts runs, not a fan-out's targets.
CREATE OR REPLACE FUNCTION "workflow_run_days_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.parent_run_id IS NULL AND OLD.status IN ('succeeded', 'failed', 'timed-out', 'lost') THEN
		UPDATE "workflow_run_days"
		SET "ended" = "ended" - 1, "succeeded" = "succeeded" - (OLD.status = 'succeeded')::int
		WHERE "workflow_id" = OLD.workflow_id AND "day" = (OLD.started_at AT TIME ZONE 'UTC')::date;
	END IF;
	IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.parent_run_id IS NULL AND NEW.status IN ('succeeded', 'failed', 'timed-out', 'lost') THEN
		INSERT INTO "workflow_run_days" ("workflow_id", "day", "ended", "succeeded")
		VALUES (NEW.workflow_id, (NEW.started_at AT TIME ZONE 'UTC')::date, 1, (NEW.status = 'succeeded')::int)
		ON CONFLICT ("workflow_id", "day") DO UPDATE
		SET "ended" = "workflow_run_days"."ended" + 1, "succeeded" = "workflow_run_days"."succeeded" + EXCLUDED."succeeded";
	END IF;
	RETURN NULL;
END
$$;
