ALTER TABLE "sso_connections" DROP CONSTRAINT "sso_connections_protocol_valid";--> statement-breakpoint
ALTER TABLE "sso_connections" ALTER COLUMN "client_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sso_connections" ALTER COLUMN "data_key_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sso_connections" ALTER COLUMN "secret_iv" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sso_connections" ALTER COLUMN "secret_ciphertext" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sso_connections" ALTER COLUMN "secret_auth_tag" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sso_sign_in_states" ALTER COLUMN "nonce" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sso_sign_in_states" ALTER COLUMN "code_verifier" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sso_connections" ADD COLUMN "saml_metadata_url" text;--> statement-breakpoint
ALTER TABLE "sso_connections" ADD COLUMN "saml_metadata_xml" text;--> statement-breakpoint
ALTER TABLE "sso_connections" ADD COLUMN "saml_certificate" text;--> statement-breakpoint
ALTER TABLE "sso_connections" ADD COLUMN "saml_email_attribute" text;--> statement-breakpoint
ALTER TABLE "sso_connections" ADD COLUMN "saml_name_attribute" text;--> statement-breakpoint
ALTER TABLE "sso_connections" ADD COLUMN "saml_sso_url" text;--> statement-breakpoint
ALTER TABLE "sso_connections" ADD COLUMN "saml_idp_certificates" jsonb;--> statement-breakpoint
ALTER TABLE "sso_connections" ADD CONSTRAINT "sso_connections_oidc_complete" CHECK ("sso_connections"."protocol" <> 'oidc' or ("sso_connections"."client_id" is not null and "sso_connections"."data_key_id" is not null and "sso_connections"."secret_ciphertext" is not null));--> statement-breakpoint
ALTER TABLE "sso_connections" ADD CONSTRAINT "sso_connections_saml_complete" CHECK ("sso_connections"."protocol" <> 'saml' or "sso_connections"."saml_sso_url" is not null);--> statement-breakpoint
ALTER TABLE "sso_connections" ADD CONSTRAINT "sso_connections_protocol_valid" CHECK ("sso_connections"."protocol" in ('oidc', 'saml'));