ALTER TABLE "rider_shifts" ADD COLUMN "trail_latitude" double precision;--> statement-breakpoint
ALTER TABLE "rider_shifts" ADD COLUMN "trail_longitude" double precision;--> statement-breakpoint
ALTER TABLE "rider_shifts" ADD COLUMN "trail_recorded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "rider_shifts" ADD COLUMN "online_slots" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rider_shifts" ADD COLUMN "last_slot_start" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "rider_location_pings_recorded_idx" ON "rider_location_pings" USING btree ("recorded_at");--> statement-breakpoint
-- Shifts rolled up before this release: their online slots are the present slot rows they have.
UPDATE "rider_shifts" AS rs SET "online_slots" = a.n, "last_slot_start" = a.last
FROM (
  SELECT "rider_shift_id", count(*) FILTER (WHERE "is_present")::int AS n, max("slot_start") AS last
  FROM "rider_shift_attendance" GROUP BY "rider_shift_id"
) AS a
WHERE a."rider_shift_id" = rs."id";
