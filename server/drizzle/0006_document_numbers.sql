CREATE TABLE "document_counters" (
	"tenant_id" integer NOT NULL,
	"kind" text NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "document_counters_tenant_id_kind_pk" PRIMARY KEY("tenant_id","kind")
);
--> statement-breakpoint
ALTER TABLE "proformas" ADD COLUMN "number" integer;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "number" integer;--> statement-breakpoint
UPDATE "sales" SET "number" = numbered.n FROM (
  SELECT id, row_number() OVER (PARTITION BY tenant_id ORDER BY id) AS n FROM "sales"
) AS numbered WHERE numbered.id = "sales".id;--> statement-breakpoint
UPDATE "proformas" SET "number" = numbered.n FROM (
  SELECT id, row_number() OVER (PARTITION BY tenant_id ORDER BY id) AS n FROM "proformas"
) AS numbered WHERE numbered.id = "proformas".id;--> statement-breakpoint
INSERT INTO "document_counters" ("tenant_id", "kind", "last")
  SELECT tenant_id, 'sale', max("number") FROM "sales" GROUP BY tenant_id
  UNION ALL SELECT tenant_id, 'proforma', max("number") FROM "proformas" GROUP BY tenant_id;--> statement-breakpoint
ALTER TABLE "proformas" ALTER COLUMN "number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ALTER COLUMN "number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "document_counters" ADD CONSTRAINT "document_counters_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "proformas_tenant_number_idx" ON "proformas" USING btree ("tenant_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_tenant_number_idx" ON "sales" USING btree ("tenant_id","number");