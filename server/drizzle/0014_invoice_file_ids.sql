ALTER TABLE "purchases" ADD COLUMN "invoice_file_id" text;--> statement-breakpoint
ALTER TABLE "proformas" ADD COLUMN "invoice_file_id" text;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "invoice_file_id" text;--> statement-breakpoint
UPDATE "purchases" d SET "invoice_file_id" = f."id" FROM "stored_files" f
WHERE d."invoice_file_url" = '/api/files/' || f."id" AND f."tenant_id" = d."tenant_id";--> statement-breakpoint
-- An invoice named by text that is no file of the business is kept in the notes rather than lost.
UPDATE "purchases" SET "notes" = concat_ws(E'\n', "notes", 'Invoice: ' || "invoice_file_url")
WHERE "invoice_file_url" IS NOT NULL AND "invoice_file_id" IS NULL;--> statement-breakpoint
UPDATE "proformas" d SET "invoice_file_id" = f."id" FROM "stored_files" f
WHERE d."invoice_url" = '/api/files/' || f."id" AND f."tenant_id" = d."tenant_id";--> statement-breakpoint
-- An invoice named by text that is no file of the business is kept in the notes rather than lost.
UPDATE "proformas" SET "notes" = concat_ws(E'\n', "notes", 'Invoice: ' || "invoice_url")
WHERE "invoice_url" IS NOT NULL AND "invoice_file_id" IS NULL;--> statement-breakpoint
UPDATE "sales" d SET "invoice_file_id" = f."id" FROM "stored_files" f
WHERE d."invoice_file_url" = '/api/files/' || f."id" AND f."tenant_id" = d."tenant_id";--> statement-breakpoint
-- An invoice named by text that is no file of the business is kept in the notes rather than lost.
UPDATE "sales" SET "notes" = concat_ws(E'\n', "notes", 'Invoice: ' || "invoice_file_url")
WHERE "invoice_file_url" IS NOT NULL AND "invoice_file_id" IS NULL;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_invoice_file_id_stored_files_id_fk" FOREIGN KEY ("invoice_file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proformas" ADD CONSTRAINT "proformas_invoice_file_id_stored_files_id_fk" FOREIGN KEY ("invoice_file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_invoice_file_id_stored_files_id_fk" FOREIGN KEY ("invoice_file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" DROP COLUMN "invoice_file_url";--> statement-breakpoint
ALTER TABLE "proformas" DROP COLUMN "invoice_url";--> statement-breakpoint
ALTER TABLE "sales" DROP COLUMN "invoice_file_url";