-- When the plan renewer last took a pending payment to verify (null: never): its sweep takes the least recently
-- checked first, from the pending payments alone.
ALTER TABLE "plan_payments" ADD COLUMN "last_checked_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "plan_payments_pending_checked_idx" ON "plan_payments" USING btree ("last_checked_at" NULLS FIRST,"id") WHERE "plan_payments"."status" = 'pending';