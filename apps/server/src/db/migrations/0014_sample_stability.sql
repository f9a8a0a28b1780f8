CREATE TABLE "push_sample_notices" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"notified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "scan_types" ADD COLUMN "stability_hours" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "sample_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "push_sample_notices" ADD CONSTRAINT "push_sample_notices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_sample_in_transit_idx" ON "orders" USING btree ("vertical","sample_expires_at") WHERE "orders"."state" = 'collected' and "orders"."sample_expires_at" is not null;