import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { headerText } from "./header-text.ts";
import type { MessageToQueue, Queued } from "./message-service.ts";

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
  // One statement whatever the number: the rows travel as one JSON parameter (thousands of
  // bound values cost more to build, parse and bind than the insert itself).
  const returned = await rowsOf<{ id: string }>(
    tx,
    sql`insert into outbound_messages (id, channel, destination, subject, body, html, status,
                                       key, source_id, template, template_ref, from_name)
        select id, channel, destination, subject, body, html, status,
               key, source_id, template, template_ref, from_name
        from json_to_recordset(${JSON.stringify(rows)}::json) as r(
          id uuid, channel text, destination text, subject text, body text, html text,
          status text, key text, source_id uuid, template text, template_ref text,
          from_name text)
        on conflict (key) do nothing
        returning id`,
  );
  const inserted = new Set(returned.map((row) => row.id));
  const keysTaken = rows.filter((row) => !inserted.has(row.id)).map((row) => row.key ?? "");
  const firstByKey = new Map<string, string>();
  if (keysTaken.length > 0) {
    const found = await rowsOf<{ id: string; key: string | null }>(
      tx,
      sql`select o.id, o.key from outbound_messages o
          join json_array_elements_text(${JSON.stringify([...new Set(keysTaken)])}::json) k(key)
            on o.key = k.key`,
    );
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

/**
 * A message's row, columns by their SQL names: headers one line each, whatever the caller
 * put in a name or a subject.
 */
function outboundRow(message: MessageToQueue) {
  const withhold = message.withhold === true;
  return {
    channel: message.channel,
    destination: headerText(message.to),
    subject: message.subject === undefined ? null : headerText(message.subject),
    // A withheld message keeps no text: there is nobody it was meant for.
    body: withhold ? "" : message.text,
    html: withhold ? null : (message.html ?? null),
    from_name: message.fromName === undefined ? null : headerText(message.fromName),
    template: message.template?.name ?? null,
    template_ref: message.template?.ref ?? null,
    key: message.key ?? null,
    source_id: message.sourceId ?? null,
    status: withhold ? "withheld" : "queued",
  };
}
