CREATE TABLE "audit_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"recorded" timestamp with time zone DEFAULT now() NOT NULL,
	"action" text NOT NULL,
	"type" text NOT NULL,
	"outcome" text NOT NULL,
	"outcome_desc" text,
	"agent_id" integer,
	"agent_name" text,
	"agent_address" text,
	"entity_type" text,
	"entity_id" text,
	"query" jsonb,
	"detail" jsonb
);
--> statement-breakpoint
CREATE INDEX "audit_events_recorded_idx" ON "audit_events" USING btree ("recorded","id");--> statement-breakpoint
CREATE INDEX "audit_events_agent_idx" ON "audit_events" USING btree ("agent_id","id");--> statement-breakpoint
CREATE INDEX "audit_events_entity_idx" ON "audit_events" USING btree ("entity_type","entity_id","id");--> statement-breakpoint
-- Append-only (docs/decisions/0054-audit-trail.md): no UPDATE, DELETE or TRUNCATE of the trail.
CREATE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_events is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_events_no_update_delete BEFORE UPDATE OR DELETE ON audit_events FOR EACH ROW EXECUTE FUNCTION audit_events_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events FOR EACH STATEMENT EXECUTE FUNCTION audit_events_append_only();
