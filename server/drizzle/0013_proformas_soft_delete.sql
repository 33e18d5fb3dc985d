ALTER TABLE "proformas" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "proformas" ADD COLUMN "deleted_by" integer;