import { randomUUID } from "node:crypto";
import { inArray } from "drizzle-orm";
import type { Executor } from "#server/platform/db/database.ts";
import { headerText } from "./header-text.ts";
import type { MessageToQueue, Queued } from "./message-service.ts";
import { outboundMessages } from "./messages.schema.ts";

/**
 * Rows per INSERT: about a dozen parameters each keeps a statement far below the 65,535
 * parameters PostgreSQL (and PGlite) take.
 */
const ROWS_PER_STATEMENT = 2000;

/**
 * Writes messages into outbound_messages as queued, many rows per statement, and answers
 * each one's id in their order. A key used before (by an earlier batch, or earlier in this
 * one) inserts nothing (`ON CONFLICT (key) DO NOTHING`) and answers the first message's id
 * as a duplicate: the unique key, not a read before the write, is what keeps a channel
 * used once per person when two workers or a retried batch race. The ids are made here,
 * so the rows answered by RETURNING tell which messages were new.
 */
export async function insertOutboundMessages(
  tx: Executor,
  messages: MessageToQueue[],
): Promise<Queued[]> {
  const rows = messages.map((message) => ({ ...outboundRow(message), id: randomUUID() }));
  const inserted = new Set<string>();
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const returned = await tx
      .insert(outboundMessages)
      .values(rows.slice(start, start + ROWS_PER_STATEMENT))
      .onConflictDoNothing({ target: outboundMessages.key })
      .returning({ id: outboundMessages.id });
    for (const { id } of returned) inserted.add(id);
  }
  const keysTaken = rows.filter((row) => !inserted.has(row.id)).map((row) => row.key ?? "");
  const firstByKey = new Map<string, string>();
  if (keysTaken.length > 0) {
    const found = await tx
      .select({ id: outboundMessages.id, key: outboundMessages.key })
      .from(outboundMessages)
      .where(inArray(outboundMessages.key, [...new Set(keysTaken)]));
    for (const { id, key } of found) if (key !== null) firstByKey.set(key, id);
  }
  return rows.map((row) => {
    if (inserted.has(row.id)) return { id: row.id, duplicate: false };
    // Only a key can conflict (the ids are new): the message was queued before, by this key.
    const first = firstByKey.get(row.key ?? "");
    if (!first) throw new Error("outbound message not inserted");
    return { id: first, duplicate: true };
  });
}

/** A message's row: headers one line each, whatever the caller put in a name or a subject. */
function outboundRow(message: MessageToQueue) {
  const withhold = message.withhold === true;
  return {
    channel: message.channel,
    destination: headerText(message.to),
    subject: message.subject === undefined ? null : headerText(message.subject),
    // A withheld message keeps no text: there is nobody it was meant for.
    body: withhold ? "" : message.text,
    html: withhold ? null : (message.html ?? null),
    fromName: message.fromName === undefined ? null : headerText(message.fromName),
    template: message.template?.name ?? null,
    templateRef: message.template?.ref ?? null,
    key: message.key ?? null,
    sourceId: message.sourceId ?? null,
    status: withhold ? ("withheld" as const) : ("queued" as const),
  };
}
