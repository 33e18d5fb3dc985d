ALTER TABLE "items" ADD COLUMN "last_movement_date" date;--> statement-breakpoint
UPDATE "items" SET "last_movement_date" = (SELECT max("business_date") FROM "stock_daily" WHERE "stock_daily"."item_id" = "items"."id");
