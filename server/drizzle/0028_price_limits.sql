CREATE TABLE "sale_price_overrides" (
	"sale_id" integer PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"sale_date" date NOT NULL,
	"user_id" integer,
	"employee_name" text,
	"below_price_lines" integer NOT NULL,
	"below_price_kobo" bigint NOT NULL,
	"discount_kobo" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_settings" (
	"tenant_id" integer PRIMARY KEY NOT NULL,
	"max_discount_percent" numeric(5, 2),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "min_price_kobo" bigint;--> statement-breakpoint
ALTER TABLE "sale_price_overrides" ADD CONSTRAINT "sale_price_overrides_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_settings" ADD CONSTRAINT "sales_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sale_price_overrides_date_idx" ON "sale_price_overrides" USING btree ("tenant_id","sale_date");