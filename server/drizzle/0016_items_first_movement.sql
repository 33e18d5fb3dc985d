ALTER TABLE "items" ADD COLUMN "first_movement_date" date;--> statement-breakpoint
UPDATE "items" SET "first_movement_date" = (SELECT min(d."business_date") FROM "stock_daily" d WHERE d."item_id" = "items"."id");--> statement-breakpoint
CREATE INDEX "items_history_idx" ON "items" USING btree ("tenant_id","warehouse_id","first_movement_date") WHERE "items"."deleted_at" is null;