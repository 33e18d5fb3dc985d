CREATE TABLE "sales_customer_monthly" (
	"tenant_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"month" date NOT NULL,
	"customer_key" text NOT NULL,
	"customer_name" text NOT NULL,
	"sale_count" integer NOT NULL,
	"total_kobo" bigint NOT NULL,
	CONSTRAINT "sales_customer_monthly_tenant_id_month_warehouse_id_customer_key_pk" PRIMARY KEY("tenant_id","month","warehouse_id","customer_key")
);
--> statement-breakpoint
CREATE TABLE "sales_daily" (
	"tenant_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"sale_date" date NOT NULL,
	"payment_method" text NOT NULL,
	"sale_count" integer NOT NULL,
	"total_kobo" bigint NOT NULL,
	"paid_kobo" bigint NOT NULL,
	"paid_at_sale_kobo" bigint NOT NULL,
	"paid_at_sale_count" integer NOT NULL,
	"owing_count" integer NOT NULL,
	"vat_kobo" bigint NOT NULL,
	CONSTRAINT "sales_daily_tenant_id_sale_date_warehouse_id_payment_method_pk" PRIMARY KEY("tenant_id","sale_date","warehouse_id","payment_method")
);
--> statement-breakpoint
CREATE TABLE "sales_item_monthly" (
	"tenant_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"month" date NOT NULL,
	"quantity" integer NOT NULL,
	"revenue_kobo" bigint NOT NULL,
	CONSTRAINT "sales_item_monthly_item_id_month_pk" PRIMARY KEY("item_id","month")
);
--> statement-breakpoint
ALTER TABLE "sales_customer_monthly" ADD CONSTRAINT "sales_customer_monthly_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_customer_monthly" ADD CONSTRAINT "sales_customer_monthly_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_daily" ADD CONSTRAINT "sales_daily_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_daily" ADD CONSTRAINT "sales_daily_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_item_monthly" ADD CONSTRAINT "sales_item_monthly_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_item_monthly" ADD CONSTRAINT "sales_item_monthly_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sales_item_monthly_tenant_idx" ON "sales_item_monthly" USING btree ("tenant_id","month");--> statement-breakpoint
INSERT INTO "sales_daily" ("tenant_id", "warehouse_id", "sale_date", "payment_method", "sale_count", "total_kobo", "paid_kobo", "paid_at_sale_kobo", "paid_at_sale_count", "owing_count", "vat_kobo")
SELECT s.tenant_id, s.warehouse_id, s.sale_date, s.payment_method, count(*), sum(s.grand_total_kobo), sum(s.amount_paid_kobo),
  sum(s.amount_paid_kobo - s.later), count(*) FILTER (WHERE s.amount_paid_kobo > s.later),
  count(*) FILTER (WHERE s.amount_paid_kobo < s.grand_total_kobo), sum(s.vat_kobo)
FROM (
  SELECT sales.*, coalesce((SELECT sum(p.amount_kobo) FROM "payments" p
    WHERE p.document_type = 'sale' AND p.document_id = sales.id AND p.deleted_at IS NULL), 0) AS later
  FROM "sales" WHERE sales.deleted_at IS NULL
) s
GROUP BY s.tenant_id, s.warehouse_id, s.sale_date, s.payment_method;
--> statement-breakpoint
INSERT INTO "sales_customer_monthly" ("tenant_id", "warehouse_id", "month", "customer_key", "customer_name", "sale_count", "total_kobo")
SELECT tenant_id, warehouse_id, date_trunc('month', sale_date)::date, lower(customer_name), min(customer_name), count(*), sum(grand_total_kobo)
FROM "sales" WHERE deleted_at IS NULL
GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO "sales_item_monthly" ("tenant_id", "item_id", "month", "quantity", "revenue_kobo")
SELECT tenant_id, item_id, date_trunc('month', sale_date)::date, sum(quantity), sum(revenue_kobo)
FROM "sales_item_daily"
GROUP BY 1, 2, 3;
