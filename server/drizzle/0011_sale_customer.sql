ALTER TABLE "proformas" ADD COLUMN "customer_id" integer;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "customer_id" integer;--> statement-breakpoint
ALTER TABLE "proformas" ADD CONSTRAINT "proformas_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
UPDATE "sales" SET "customer_id" = c."id" FROM "customers" c
  WHERE c."tenant_id" = "sales"."tenant_id" AND c."phone" = "sales"."customer_phone";--> statement-breakpoint
UPDATE "proformas" SET "customer_id" = c."id" FROM "customers" c
  WHERE c."tenant_id" = "proformas"."tenant_id" AND c."phone" = "proformas"."customer_phone";
