CREATE TABLE "workflow_hook_calls" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "workflow_hook_calls_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"hook_id" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer NOT NULL,
	"run_id" text,
	"delivery_id" text
);
--> statement-breakpoint
CREATE TABLE "workflow_hooks" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"workflow_id" text NOT NULL,
	"name" text NOT NULL,
	"signature" text NOT NULL,
	"parameters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"secret_hash" "bytea" NOT NULL,
	"signing_data_key_id" text,
	"signing_iv" "bytea",
	"signing_ciphertext" "bytea",
	"signing_auth_tag" "bytea",
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rotated_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "workflow_hooks_signature_valid" CHECK ("workflow_hooks"."signature" in ('none', 'github', 'flowdeck')),
	CONSTRAINT "workflow_hooks_signing_secret_sealed" CHECK (("workflow_hooks"."signature" = 'none') = ("workflow_hooks"."signing_ciphertext" is null))
);
--> statement-breakpoint
ALTER TABLE "workflow_runs" DROP CONSTRAINT "workflow_runs_trigger_valid";--> statement-breakpoint
ALTER TABLE "workflow_runs" ADD COLUMN "triggered_by_run_id" text;--> statement-breakpoint
ALTER TABLE "workflow_hook_calls" ADD CONSTRAINT "workflow_hook_calls_hook_id_workflow_hooks_id_fk" FOREIGN KEY ("hook_id") REFERENCES "public"."workflow_hooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_hook_calls" ADD CONSTRAINT "workflow_hook_calls_run_id_workflow_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."workflow_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_hooks" ADD CONSTRAINT "workflow_hooks_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_hooks" ADD CONSTRAINT "workflow_hooks_workflow_id_workflows_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."workflows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_hooks" ADD CONSTRAINT "workflow_hooks_signing_data_key_id_secret_data_keys_id_fk" FOREIGN KEY ("signing_data_key_id") REFERENCES "public"."secret_data_keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_hooks" ADD CONSTRAINT "workflow_hooks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "workflow_hook_calls_hook_idx" ON "workflow_hook_calls" USING btree ("hook_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_hook_calls_delivery_unique" ON "workflow_hook_calls" USING btree ("hook_id","delivery_id");--> statement-breakpoint
CREATE INDEX "workflow_hooks_workflow_idx" ON "workflow_hooks" USING btree ("workflow_id","created_at");--> statement-breakpoint
ALTER TABLE "workflow_runs" ADD CONSTRAINT "workflow_runs_triggered_by_run_id_workflow_runs_id_fk" FOREIGN KEY ("triggered_by_run_id") REFERENCES "public"."workflow_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_runs" ADD CONSTRAINT "workflow_runs_trigger_valid" CHECK ("workflow_runs"."trigger" in ('manual', 'schedule', 'api', 'webhook', 'run-after'));