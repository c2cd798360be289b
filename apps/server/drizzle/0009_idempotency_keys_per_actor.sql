-- Idempotency keys belong to an actor (a user, an API token, a runner), not only to a user.
-- Keys stored before keep working: they become the key of the user who sent them.
ALTER TABLE "idempotency_keys" DROP CONSTRAINT "idempotency_keys_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "idempotency_keys" DROP CONSTRAINT "idempotency_keys_user_id_key_pk";--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "actor_key" text;--> statement-breakpoint
UPDATE "idempotency_keys" SET "actor_key" = 'user:' || "user_id";--> statement-breakpoint
ALTER TABLE "idempotency_keys" ALTER COLUMN "actor_key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" DROP COLUMN "user_id";--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_actor_key_key_pk" PRIMARY KEY("actor_key","key");
