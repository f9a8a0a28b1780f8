DROP INDEX "orders_vertical_pickup_idx";--> statement-breakpoint
DROP INDEX "orders_vertical_created_idx";--> statement-breakpoint
CREATE INDEX "orders_number_prefix_idx" ON "orders" USING btree ("number" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_list_pickup_idx" ON "orders" USING btree ("vertical","pickup","id","created","region_id","state");--> statement-breakpoint
CREATE INDEX "orders_vertical_modified_idx" ON "orders" USING btree ("vertical","modified","id");--> statement-breakpoint
CREATE INDEX "orders_follow_up_addressed_idx" ON "orders" USING btree ("vertical","pickup") WHERE "orders"."is_follow_up_addressed";--> statement-breakpoint
CREATE INDEX "orders_hospital_idx" ON "orders" USING btree ("vertical","pickup") WHERE "orders"."order_type" <> 1;--> statement-breakpoint
CREATE INDEX "orders_vertical_created_idx" ON "orders" USING btree ("vertical","created","id");