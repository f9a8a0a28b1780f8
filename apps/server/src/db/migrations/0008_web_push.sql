CREATE TABLE "push_late_notices" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"notified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "push_subscription_regions" (
	"subscription_id" integer NOT NULL,
	"region_id" integer NOT NULL,
	CONSTRAINT "push_subscription_regions_region_id_subscription_id_pk" PRIMARY KEY("region_id","subscription_id")
);
--> statement-breakpoint
ALTER TABLE "push_late_notices" ADD CONSTRAINT "push_late_notices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscription_regions" ADD CONSTRAINT "push_subscription_regions_subscription_id_push_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."push_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscription_regions" ADD CONSTRAINT "push_subscription_regions_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE cascade ON UPDATE no action;