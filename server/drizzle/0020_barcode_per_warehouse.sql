DROP INDEX "items_barcode_uq";--> statement-breakpoint
CREATE UNIQUE INDEX "items_warehouse_barcode_uq" ON "items" USING btree ("warehouse_id","barcode") WHERE "items"."deleted_at" is null and "items"."barcode" is not null;--> statement-breakpoint
CREATE INDEX "items_barcode_idx" ON "items" USING btree ("tenant_id","barcode") WHERE "items"."deleted_at" is null and "items"."barcode" is not null;