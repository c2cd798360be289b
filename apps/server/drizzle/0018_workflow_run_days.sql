CREATE TABLE "workflow_run_days" (
	"workflow_id" text NOT NULL,
	"day" date NOT NULL,
	"ended" integer DEFAULT 0 NOT NULL,
	"succeeded" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "workflow_run_days_workflow_id_day_pk" PRIMARY KEY("workflow_id","day")
);
--> statement-breakpoint
DROP INDEX "workflow_runs_workflow_idx";--> statement-breakpoint
DROP INDEX "workflow_runs_history_idx";--> statement-breakpoint
ALTER TABLE "workflow_run_days" ADD CONSTRAINT "workflow_run_days_workflow_id_workflows_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."workflows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "workflow_runs_history_idx" ON "workflow_runs" USING btree ("workflow_id","started_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- Written by hand (decision 034): the health panel's per-day counts follow every run's insert,
-- status change and delete in the same transaction, whichever code or job changes the run.
CREATE FUNCTION "workflow_run_days_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status IN ('succeeded', 'failed', 'timed-out', 'lost') THEN
		UPDATE "workflow_run_days"
		SET "ended" = "ended" - 1, "succeeded" = "succeeded" - (OLD.status = 'succeeded')::int
		WHERE "workflow_id" = OLD.workflow_id AND "day" = (OLD.started_at AT TIME ZONE 'UTC')::date;
	END IF;
	IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status IN ('succeeded', 'failed', 'timed-out', 'lost') THEN
		INSERT INTO "workflow_run_days" ("workflow_id", "day", "ended", "succeeded")
		VALUES (NEW.workflow_id, (NEW.started_at AT TIME ZONE 'UTC')::date, 1, (NEW.status = 'succeeded')::int)
		ON CONFLICT ("workflow_id", "day") DO UPDATE
		SET "ended" = "workflow_run_days"."ended" + 1, "succeeded" = "workflow_run_days"."succeeded" + EXCLUDED."succeeded";
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "workflow_runs_count_days"
AFTER INSERT OR DELETE OR UPDATE OF "status", "started_at", "workflow_id" ON "workflow_runs"
FOR EACH ROW EXECUTE FUNCTION "workflow_run_days_count"();
--> statement-breakpoint
INSERT INTO "workflow_run_days" ("workflow_id", "day", "ended", "succeeded")
SELECT "workflow_id", ("started_at" AT TIME ZONE 'UTC')::date, count(*)::int, count(*) FILTER (WHERE "status" = 'succeeded')::int
FROM "workflow_runs"
WHERE "status" IN ('succeeded', 'failed', 'timed-out', 'lost')
GROUP BY 1, 2;
