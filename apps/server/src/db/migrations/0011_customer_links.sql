ALTER TABLE "outbox" ADD COLUMN "link_id" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_link_id_public_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."public_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_link_idx" ON "outbox" USING btree ("link_id") WHERE "outbox"."link_id" is not null;