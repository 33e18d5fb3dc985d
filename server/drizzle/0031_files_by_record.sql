CREATE INDEX "purchases_invoice_file_idx" ON "purchases" USING btree ("invoice_file_id") WHERE "purchases"."invoice_file_id" is not null;--> statement-breakpoint
CREATE INDEX "proformas_invoice_file_idx" ON "proformas" USING btree ("invoice_file_id") WHERE "proformas"."invoice_file_id" is not null;--> statement-breakpoint
CREATE INDEX "sales_invoice_file_idx" ON "sales" USING btree ("invoice_file_id") WHERE "sales"."invoice_file_id" is not null;--> statement-breakpoint
CREATE INDEX "expenses_invoice_file_idx" ON "expenses" USING btree ("invoice_file_id") WHERE "expenses"."invoice_file_id" is not null;--> statement-breakpoint
CREATE INDEX "requisitions_signature_file_idx" ON "requisitions" USING btree ("signature_file_id") WHERE "requisitions"."signature_file_id" is not null;