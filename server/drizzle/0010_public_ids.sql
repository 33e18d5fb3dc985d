ALTER TABLE "items" ADD COLUMN "public_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "public_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "public_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "proformas" ADD COLUMN "public_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "public_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "items_public_id_uq" ON "items" USING btree ("tenant_id","public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "purchases_public_id_uq" ON "purchases" USING btree ("tenant_id","public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_public_id_uq" ON "customers" USING btree ("tenant_id","public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "proformas_public_id_uq" ON "proformas" USING btree ("tenant_id","public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_public_id_uq" ON "sales" USING btree ("tenant_id","public_id");