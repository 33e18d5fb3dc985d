CREATE TABLE "login_devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "login_attempts" ADD COLUMN "known_device" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "name_key" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "login_alert_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "login_devices" ADD CONSTRAINT "login_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "login_devices_uq" ON "login_devices" USING btree ("token_hash","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tenants_name_key_uq" ON "tenants" USING btree ("name_key");