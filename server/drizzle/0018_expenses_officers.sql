CREATE TABLE "expense_daily" (
	"tenant_id" integer NOT NULL,
	"expense_date" date NOT NULL,
	"total_kobo" bigint NOT NULL,
	"paid_kobo" bigint NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "expense_daily_tenant_id_expense_date_pk" PRIMARY KEY("tenant_id","expense_date")
);
--> statement-breakpoint
CREATE TABLE "expenses" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" integer NOT NULL,
	"vendor_name" text NOT NULL,
	"expense_date" date NOT NULL,
	"invoice_number" text,
	"invoice_file_id" text,
	"total_kobo" bigint NOT NULL,
	"amount_paid_kobo" bigint NOT NULL,
	"payment_method" text NOT NULL,
	"due_date" date,
	"payment_status" text NOT NULL,
	"employee_id" integer,
	"notes" text,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer
);
--> statement-breakpoint
CREATE TABLE "inventory_officers" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "expense_daily" ADD CONSTRAINT "expense_daily_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_invoice_file_id_stored_files_id_fk" FOREIGN KEY ("invoice_file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_employee_id_users_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_officers" ADD CONSTRAINT "inventory_officers_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "expenses_public_id_uq" ON "expenses" USING btree ("tenant_id","public_id");--> statement-breakpoint
CREATE INDEX "expenses_tenant_date_idx" ON "expenses" USING btree ("tenant_id","expense_date","id") WHERE "expenses"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "expenses_pending_idx" ON "expenses" USING btree ("tenant_id","expense_date","id") WHERE "expenses"."deleted_at" is null and "expenses"."payment_status" <> 'paid';--> statement-breakpoint
CREATE INDEX "expenses_vendor_trgm_idx" ON "expenses" USING gin ("vendor_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "expenses_invoice_trgm_idx" ON "expenses" USING gin ("invoice_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "inventory_officers_tenant_idx" ON "inventory_officers" USING btree ("tenant_id","id");