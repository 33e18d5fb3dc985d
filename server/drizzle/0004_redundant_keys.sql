ALTER TABLE "stock_entries" DROP CONSTRAINT "stock_entries_tenant_id_tenants_id_fk";
--> statement-breakpoint
ALTER TABLE "stock_entries" DROP CONSTRAINT "stock_entries_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "sale_lines" DROP CONSTRAINT "sale_lines_tenant_id_tenants_id_fk";
