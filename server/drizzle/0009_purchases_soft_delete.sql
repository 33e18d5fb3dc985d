ALTER TABLE "purchase_payments" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "purchase_payments" ADD COLUMN "deleted_by" integer;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "deleted_by" integer;