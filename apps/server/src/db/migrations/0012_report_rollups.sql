CREATE TABLE "report_day_minutes" (
	"vertical" text NOT NULL,
	"region_id" integer NOT NULL,
	"day" date NOT NULL,
	"step" smallint NOT NULL,
	"minutes" integer NOT NULL,
	"orders" integer NOT NULL,
	CONSTRAINT "report_day_minutes_vertical_day_region_id_step_minutes_pk" PRIMARY KEY("vertical","day","region_id","step","minutes")
);
--> statement-breakpoint
CREATE TABLE "report_day_ratings" (
	"vertical" text NOT NULL,
	"region_id" integer NOT NULL,
	"day" date NOT NULL,
	"source" text NOT NULL,
	"answered" integer NOT NULL,
	"stars" integer NOT NULL,
	"star_sum" integer NOT NULL,
	"fives" integer NOT NULL,
	CONSTRAINT "report_day_ratings_vertical_day_region_id_source_pk" PRIMARY KEY("vertical","day","region_id","source")
);
--> statement-breakpoint
CREATE TABLE "report_day_reasons" (
	"vertical" text NOT NULL,
	"region_id" integer NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"reason" text NOT NULL,
	"orders" integer NOT NULL,
	CONSTRAINT "report_day_reasons_vertical_day_region_id_kind_reason_pk" PRIMARY KEY("vertical","day","region_id","kind","reason")
);
--> statement-breakpoint
CREATE TABLE "report_day_riders" (
	"vertical" text NOT NULL,
	"region_id" integer NOT NULL,
	"day" date NOT NULL,
	"rider_id" integer NOT NULL,
	"completed" integer NOT NULL,
	"reached_done" integer NOT NULL,
	"reached_on" integer NOT NULL,
	"reached_open" integer NOT NULL,
	CONSTRAINT "report_day_riders_vertical_day_region_id_rider_id_pk" PRIMARY KEY("vertical","day","region_id","rider_id")
);
--> statement-breakpoint
CREATE TABLE "report_day_states" (
	"vertical" text NOT NULL,
	"region_id" integer NOT NULL,
	"day" date NOT NULL,
	"state" text NOT NULL,
	"orders" integer NOT NULL,
	"follow_up_orders" integer NOT NULL,
	"follow_ups" integer NOT NULL,
	"tests" integer NOT NULL,
	"revenue_pkr" integer NOT NULL,
	"reached_done" integer NOT NULL,
	"reached_on" integer NOT NULL,
	"reached_open" integer NOT NULL,
	"collected_done" integer NOT NULL,
	"collected_on" integer NOT NULL,
	"collected_open" integer NOT NULL,
	CONSTRAINT "report_day_states_vertical_day_region_id_state_pk" PRIMARY KEY("vertical","day","region_id","state")
);
--> statement-breakpoint
CREATE TABLE "report_day_tests" (
	"vertical" text NOT NULL,
	"region_id" integer NOT NULL,
	"day" date NOT NULL,
	"scan_type_id" integer NOT NULL,
	"tests" integer NOT NULL,
	"revenue_pkr" integer NOT NULL,
	CONSTRAINT "report_day_tests_vertical_day_region_id_scan_type_id_pk" PRIMARY KEY("vertical","day","region_id","scan_type_id")
);
--> statement-breakpoint
CREATE TABLE "report_dirty_days" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "report_dirty_days_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"vertical" text NOT NULL,
	"region_id" integer NOT NULL,
	"day" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_rollup_model" (
	"id" smallint PRIMARY KEY NOT NULL,
	"on_time_grace_minutes" double precision NOT NULL,
	"pickup_service_minutes" double precision NOT NULL,
	"built_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "report_day_states_region_idx" ON "report_day_states" USING btree ("region_id","day");
--> statement-breakpoint
-- Dirty marks, written by the change's own statement (docs/decisions/0040-report-rollups.md).
CREATE FUNCTION report_mark_orders_new() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_dirty_days (vertical, region_id, day)
  SELECT DISTINCT vertical, region_id, ((pickup + interval '5 hours') at time zone 'UTC')::date FROM new_rows;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION report_mark_orders_old() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_dirty_days (vertical, region_id, day)
  SELECT DISTINCT vertical, region_id, ((pickup + interval '5 hours') at time zone 'UTC')::date FROM old_rows;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION report_mark_orders_both() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_dirty_days (vertical, region_id, day)
  SELECT DISTINCT vertical, region_id, ((pickup + interval '5 hours') at time zone 'UTC')::date FROM new_rows
  UNION SELECT DISTINCT vertical, region_id, ((pickup + interval '5 hours') at time zone 'UTC')::date FROM old_rows;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER report_mark_orders_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_mark_orders_new();
--> statement-breakpoint
CREATE TRIGGER report_mark_orders_update AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_mark_orders_both();
--> statement-breakpoint
CREATE TRIGGER report_mark_orders_delete AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_mark_orders_old();
--> statement-breakpoint
CREATE FUNCTION report_mark_answers_new() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_dirty_days (vertical, region_id, day)
  SELECT DISTINCT o.vertical, o.region_id, ((r.submitted_at + interval '5 hours') at time zone 'UTC')::date FROM new_rows r JOIN orders o ON o.id = r.order_id WHERE r.submitted_at IS NOT NULL;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION report_mark_answers_both() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_dirty_days (vertical, region_id, day)
  SELECT DISTINCT o.vertical, o.region_id, ((r.submitted_at + interval '5 hours') at time zone 'UTC')::date FROM new_rows r JOIN orders o ON o.id = r.order_id WHERE r.submitted_at IS NOT NULL
  UNION SELECT DISTINCT o.vertical, o.region_id, ((r.submitted_at + interval '5 hours') at time zone 'UTC')::date FROM old_rows r JOIN orders o ON o.id = r.order_id WHERE r.submitted_at IS NOT NULL;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER report_mark_order_reviews_insert AFTER INSERT ON order_reviews REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_mark_answers_new();
--> statement-breakpoint
CREATE TRIGGER report_mark_order_reviews_update AFTER UPDATE ON order_reviews REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_mark_answers_both();
--> statement-breakpoint
CREATE TRIGGER report_mark_feedback_interactions_insert AFTER INSERT ON feedback_interactions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_mark_answers_new();
--> statement-breakpoint
CREATE TRIGGER report_mark_feedback_interactions_update AFTER UPDATE ON feedback_interactions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_mark_answers_both();
--> statement-breakpoint
CREATE FUNCTION report_mark_order_tests_new() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_dirty_days (vertical, region_id, day)
  SELECT DISTINCT o.vertical, o.region_id, ((o.pickup + interval '5 hours') at time zone 'UTC')::date FROM new_rows t JOIN orders o ON o.id = t.order_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION report_mark_order_tests_old() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_dirty_days (vertical, region_id, day)
  SELECT DISTINCT o.vertical, o.region_id, ((o.pickup + interval '5 hours') at time zone 'UTC')::date FROM old_rows t JOIN orders o ON o.id = t.order_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER report_mark_order_tests_insert AFTER INSERT ON order_scan_types REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_mark_order_tests_new();
--> statement-breakpoint
CREATE TRIGGER report_mark_order_tests_update AFTER UPDATE ON order_scan_types REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_mark_order_tests_new();
--> statement-breakpoint
CREATE TRIGGER report_mark_order_tests_delete AFTER DELETE ON order_scan_types REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_mark_order_tests_old();
--> statement-breakpoint
CREATE FUNCTION report_mark_activities_new() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_dirty_days (vertical, region_id, day)
  SELECT DISTINCT o.vertical, o.region_id, ((o.pickup + interval '5 hours') at time zone 'UTC')::date FROM new_rows a JOIN orders o ON o.id = a.order_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER report_mark_order_activities_insert AFTER INSERT ON order_activities REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_mark_activities_new();
