CREATE TABLE "workflow_run_after" (
	"workflow_id" text NOT NULL,
	"after_workflow_id" text NOT NULL,
	"organization_id" text NOT NULL,
	"position" integer NOT NULL,
	"on" text NOT NULL,
	"parameters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workflow_run_after_workflow_id_after_workflow_id_pk" PRIMARY KEY("workflow_id","after_workflow_id"),
	CONSTRAINT "workflow_run_after_on_valid" CHECK ("workflow_run_after"."on" in ('success', 'failure', 'always')),
	CONSTRAINT "workflow_run_after_not_self" CHECK ("workflow_run_after"."workflow_id" <> "workflow_run_after"."after_workflow_id")
);
--> statement-breakpoint
ALTER TABLE "workflow_run_after" ADD CONSTRAINT "workflow_run_after_workflow_id_workflows_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."workflows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_run_after" ADD CONSTRAINT "workflow_run_after_after_workflow_id_workflows_id_fk" FOREIGN KEY ("after_workflow_id") REFERENCES "public"."workflows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_run_after" ADD CONSTRAINT "workflow_run_after_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "workflow_run_after_after_idx" ON "workflow_run_after" USING btree ("after_workflow_id");--> statement-breakpoint
CREATE INDEX "workflow_run_after_org_idx" ON "workflow_run_after" USING btree ("organization_id");