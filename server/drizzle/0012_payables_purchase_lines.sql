CREATE TABLE "purchase_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"purchase_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_kobo" bigint NOT NULL,
	"total_kobo" bigint NOT NULL,
	"amount_paid_kobo" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"document_type" text NOT NULL,
	"document_id" integer NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"payment_method" text NOT NULL,
	"payment_date" date NOT NULL,
	"notes" text,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer
);
--> statement-breakpoint
-- Each restock batch (and each purchase recorded alone) becomes one purchase, kept under its first row's id;
-- its rows become its lines and keep their ids (the restock API's purchase_id). Rows deleted together stay
-- together: a batch whose rows were deleted one by one leaves a purchase per deletion.
INSERT INTO "purchase_lines" ("id", "tenant_id", "purchase_id", "item_id", "quantity", "unit_price_kobo", "total_kobo", "amount_paid_kobo")
SELECT "id", "tenant_id", min("id") OVER (PARTITION BY "tenant_id", coalesce("batch_id", "id"::text), "deleted_at"),
  "item_id", "quantity", "unit_price_kobo", "total_kobo", "amount_paid_kobo"
FROM "purchases";--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('purchase_lines', 'id'), greatest((SELECT max("id") FROM "purchases"), 1));--> statement-breakpoint
INSERT INTO "payments" ("tenant_id", "document_type", "document_id", "amount_kobo", "payment_method", "payment_date", "notes", "user_id", "created_at", "deleted_at", "deleted_by")
SELECT p."tenant_id", 'purchase', l."purchase_id", p."amount_kobo", p."payment_method", p."payment_date", p."notes", p."user_id", p."created_at", p."deleted_at", p."deleted_by"
FROM "purchase_payments" p JOIN "purchase_lines" l ON l."id" = p."purchase_id"
ORDER BY p."id";--> statement-breakpoint
INSERT INTO "payments" ("tenant_id", "document_type", "document_id", "amount_kobo", "payment_method", "payment_date", "notes", "user_id", "created_at")
SELECT "tenant_id", 'sale', "sale_id", "amount_kobo", "payment_method", "payment_date", "notes", "user_id", "created_at"
FROM "sale_payments"
ORDER BY "id";--> statement-breakpoint
UPDATE "purchases" h SET "total_kobo" = g."total", "amount_paid_kobo" = g."paid",
  "payment_status" = CASE WHEN g."paid" >= g."total" THEN 'paid' WHEN g."paid" > 0 THEN 'partial' ELSE 'credit' END
FROM (SELECT "purchase_id", sum("total_kobo") AS "total", sum("amount_paid_kobo") AS "paid" FROM "purchase_lines" GROUP BY "purchase_id") g
WHERE h."id" = g."purchase_id" AND h."id" IN (SELECT "purchase_id" FROM "purchase_lines" GROUP BY "purchase_id" HAVING count(*) > 1);--> statement-breakpoint
DELETE FROM "purchases" h WHERE NOT EXISTS (SELECT 1 FROM "purchase_lines" l WHERE l."purchase_id" = h."id");--> statement-breakpoint
ALTER TABLE "purchase_payments" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "sale_payments" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "purchase_payments" CASCADE;--> statement-breakpoint
DROP TABLE "sale_payments" CASCADE;--> statement-breakpoint
ALTER TABLE "purchases" DROP CONSTRAINT "purchases_item_id_items_id_fk";
--> statement-breakpoint
DROP INDEX "purchases_item_idx";--> statement-breakpoint
ALTER TABLE "purchase_lines" ADD CONSTRAINT "purchase_lines_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_lines" ADD CONSTRAINT "purchase_lines_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_lines" ADD CONSTRAINT "purchase_lines_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "purchase_lines_purchase_idx" ON "purchase_lines" USING btree ("purchase_id");--> statement-breakpoint
CREATE INDEX "purchase_lines_item_idx" ON "purchase_lines" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "payments_document_idx" ON "payments" USING btree ("document_type","document_id");--> statement-breakpoint
CREATE INDEX "payments_tenant_date_idx" ON "payments" USING btree ("tenant_id","payment_date");--> statement-breakpoint
ALTER TABLE "purchases" DROP COLUMN "item_id";--> statement-breakpoint
ALTER TABLE "purchases" DROP COLUMN "batch_id";--> statement-breakpoint
ALTER TABLE "purchases" DROP COLUMN "quantity";--> statement-breakpoint
ALTER TABLE "purchases" DROP COLUMN "unit_price_kobo";