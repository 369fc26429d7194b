import { bigserial, index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * What was published to live streams, kept for a day so a client that reconnects with
 * `Last-Event-ID` gets what it missed from here, not from any instance's memory.
 * `topic` names who may receive it (`user:{id}`, `team:{id}`), `kind` what it is.
 */
export const realtimeEvents = pgTable(
  "realtime_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    topic: text("topic").notNull(),
    kind: text("kind").notNull(),
    payload: jsonb("payload").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("realtime_events_topic_id").on(table.topic, table.id)],
);
