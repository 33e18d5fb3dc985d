CREATE TABLE "customer_counts" (
	"tenant_id" integer PRIMARY KEY NOT NULL,
	"total" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_counts" ADD CONSTRAINT "customer_counts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "customer_counts" ("tenant_id", "total") SELECT "tenant_id", count(*) FROM "customers" GROUP BY "tenant_id";
