ALTER TABLE "rider_profiles" ADD COLUMN "queue" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- Riders who already hold tasks get their snapshot now; from here on recomputeRiderState keeps it.
UPDATE "rider_profiles" SET "queue" = (
  SELECT coalesce(jsonb_agg(jsonb_build_array(t."type", t."deadline", o."id", o."state", o."pickup", o."latitude", o."longitude") ORDER BY t."sequence", t."id"), '[]'::jsonb)
  FROM "rider_tasks" t LEFT JOIN "orders" o ON o."id" = t."order_id"
  WHERE t."rider_id" = "rider_profiles"."user_id" AND t."state" = 'pending'
);
