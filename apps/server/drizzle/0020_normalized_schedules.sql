ALTER TABLE "workflows" ALTER COLUMN "schedule" SET DEFAULT '{"type":"manual","isEnabled":false,"date":null,"time":null,"dayOfWeek":null,"dayOfMonth":null}'::jsonb;--> statement-breakpoint
-- Schedules written before a field existed lack it: every stored schedule gets the normalized
-- shape the API answers with (every field present, an expression on a cron schedule only).
UPDATE "workflows" SET "schedule" = jsonb_build_object(
	'type', "schedule"->'type',
	'isEnabled', coalesce("schedule"->'isEnabled', 'false'::jsonb),
	'date', coalesce("schedule"->'date', 'null'::jsonb),
	'time', coalesce("schedule"->'time', 'null'::jsonb),
	'dayOfWeek', coalesce("schedule"->'dayOfWeek', 'null'::jsonb),
	'dayOfMonth', coalesce("schedule"->'dayOfMonth', 'null'::jsonb)
) || CASE
	WHEN "schedule"->>'type' = 'cron'
	THEN jsonb_build_object('expression', coalesce(nullif("schedule"->'expression', 'null'::jsonb), '""'::jsonb))
	ELSE '{}'::jsonb
END;
