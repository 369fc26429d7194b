DROP INDEX "events_search";--> statement-breakpoint
CREATE INDEX "events_search" ON "events" USING gin ("search") WITH (fastupdate=false);