CREATE TABLE "review_marks" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"record_type" text NOT NULL,
	"record_id" integer NOT NULL,
	"state" text NOT NULL,
	"note" text,
	"reviewer_id" integer,
	"reviewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" integer
);
--> statement-breakpoint
CREATE TABLE "vendor_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" integer NOT NULL,
	"vendor_id" integer NOT NULL,
	"product_name" text NOT NULL,
	"product_description" text NOT NULL,
	"price_kobo" bigint NOT NULL,
	"category" text NOT NULL,
	"stock_quantity" integer NOT NULL,
	"seller_state" text NOT NULL,
	"within_state_fee_kobo" bigint DEFAULT 0 NOT NULL,
	"outside_state_fee_kobo" bigint DEFAULT 0 NOT NULL,
	"min_order_quantity" integer DEFAULT 1 NOT NULL,
	"max_quantity" integer,
	"discount_type" text DEFAULT 'None' NOT NULL,
	"discount_value" bigint DEFAULT 0 NOT NULL,
	"colors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"product_size" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"nafdac_number" text,
	"product_weight" text,
	"image_file_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"video_file_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"rejection_reason" text,
	"decided_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"deletion_reason" text,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendors" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"location" text NOT NULL,
	"contact_link" text,
	"description" text,
	"nin" text,
	"cac" text,
	"vendor_phone" text NOT NULL,
	"show_phone" boolean DEFAULT false NOT NULL,
	"delivery_scope" text NOT NULL,
	"accepted_terms_at" timestamp with time zone NOT NULL,
	"gov_id_file_id" text,
	"cac_cert_file_id" text,
	"location_proof_file_id" text,
	"bulk_proof_file_id" text,
	"warehouse_file_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"rejection_reason" text,
	"decided_at" timestamp with time zone,
	"access_code_hash" text,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "review_marks" ADD CONSTRAINT "review_marks_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_marks" ADD CONSTRAINT "review_marks_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_marks" ADD CONSTRAINT "review_marks_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_products" ADD CONSTRAINT "vendor_products_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_products" ADD CONSTRAINT "vendor_products_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_products" ADD CONSTRAINT "vendor_products_video_file_id_stored_files_id_fk" FOREIGN KEY ("video_file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_products" ADD CONSTRAINT "vendor_products_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_gov_id_file_id_stored_files_id_fk" FOREIGN KEY ("gov_id_file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_cac_cert_file_id_stored_files_id_fk" FOREIGN KEY ("cac_cert_file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_location_proof_file_id_stored_files_id_fk" FOREIGN KEY ("location_proof_file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_bulk_proof_file_id_stored_files_id_fk" FOREIGN KEY ("bulk_proof_file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_warehouse_file_id_stored_files_id_fk" FOREIGN KEY ("warehouse_file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "review_marks_record_uq" ON "review_marks" USING btree ("tenant_id","record_type","record_id");--> statement-breakpoint
CREATE INDEX "review_marks_flags_idx" ON "review_marks" USING btree ("tenant_id","id") WHERE "review_marks"."state" = 'flagged' and "review_marks"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "vendor_products_vendor_idx" ON "vendor_products" USING btree ("vendor_id","id");--> statement-breakpoint
CREATE INDEX "vendor_products_status_idx" ON "vendor_products" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "vendor_products_name_trgm_idx" ON "vendor_products" USING gin ("product_name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "vendors_tenant_uq" ON "vendors" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "vendors_status_idx" ON "vendors" USING btree ("status","id");