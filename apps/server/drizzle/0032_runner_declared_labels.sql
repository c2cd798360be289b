-- The labels a runner declares are kept apart from those admins set (decision 079). A runner's
-- labels so far stay where they are, as the admins' own: the selectors match the same runners, and
-- admins can still change every label they see.
ALTER TABLE "runners" ADD COLUMN "declared_labels" text[] DEFAULT '{}' NOT NULL;
