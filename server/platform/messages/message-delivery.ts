import { eq, inArray, sql } from "drizzle-orm";
import type { JobWithMetadata } from "pg-boss";
import type { Database } from "#server/platform/db/database.ts";
import type { Logger } from "#server/platform/runtime/logger.ts";
import { headerText } from "./header-text.ts";
import type { ComposedEmail, EmailComposer } from "./message-adapter.ts";
import type { MessageAdapters } from "./message-adapters.ts";
import { outboundMessages } from "./messages.schema.ts";

export type DeliveryJob = { messageId: string };

/** What pg-boss records for each job of a batch (perJobResults). */
export type JobOutcome = { id: string; status: "completed" | "failed"; output?: object };

type Row = typeof outboundMessages.$inferSelect;
type Sent = { id: string; status: "sent" | "kept"; provider_id: string | null };

/**
 * Delivers a batch of jobs: one read of their messages, every message handed to its
 * provider at once, one update of all those the providers took. Round trips to the
 * database are per batch, not per message, so a big send runs at the providers' pace. A
 * message whose provider failed is recorded alone and its job fails (pg-boss retries it
 * with backoff), the others are unaffected. A process dying between a provider's answer
 * and the update sends that message again (at least once, as before batching).
 */
export function messageDeliverer(deps: {
  db: Database;
  adapters: MessageAdapters;
  composers: Map<string, EmailComposer>;
  log: Logger;
}) {
  const { db, adapters, composers, log } = deps;

  async function deliverBatch(jobs: JobWithMetadata<DeliveryJob>[]): Promise<JobOutcome[]> {
    const ids = jobs.map((job) => job.data.messageId);
    const rows = await db.select().from(outboundMessages).where(inArray(outboundMessages.id, ids));
    const byId = new Map(rows.map((row) => [row.id, row]));
    const sent: Sent[] = [];
    const outcomes = await Promise.all(
      jobs.map(async (job): Promise<JobOutcome> => {
        const row = byId.get(job.data.messageId);
        // Gone, or settled by an earlier attempt whose job outlived it: nothing to send.
        if (row?.status !== "queued") return { id: job.id, status: "completed" };
        try {
          const answer = await deliverOne(row);
          if (answer) sent.push({ id: row.id, ...answer });
          return { id: job.id, status: "completed" };
        } catch (error) {
          const message = await recordFailure(job, row, error);
          return { id: job.id, status: "failed", output: { message } };
        }
      }),
    );
    if (sent.length > 0) {
      await db.execute(sql`
        update outbound_messages o
        set status = s.status, attempts = o.attempts + 1, provider_id = s.provider_id,
            error = null, sent_at = now()
        from json_to_recordset(${JSON.stringify(sent)}::json)
             as s(id uuid, status text, provider_id text)
        where o.id = s.id`);
    }
    return outcomes;
  }

  /** Hands one message to its provider; null when there is nothing to send any more. */
  async function deliverOne(row: Row): Promise<Omit<Sent, "id"> | null> {
    const composed = await compose(row);
    if (composed === null) {
      await db
        .update(outboundMessages)
        .set({ status: "withheld", error: "nothing to send any more" })
        .where(eq(outboundMessages.id, row.id));
      return null;
    }
    const { providerId, kept } = await adapters[row.channel].deliver({
      id: row.id,
      channel: row.channel,
      // Again on the way out: rows from before this rule are held to it as well.
      to: headerText(row.destination),
      subject:
        composed.subject === undefined ? nullableHeader(row.subject) : headerText(composed.subject),
      text: composed.text ?? row.body,
      html: composed.html ?? row.html,
      fromName: nullableHeader(composed.fromName ?? row.fromName),
      attachments: composed.attachments ?? [],
    });
    return { status: kept ? "kept" : "sent", provider_id: providerId };
  }

  async function recordFailure(
    job: JobWithMetadata<DeliveryJob>,
    row: Row,
    error: unknown,
  ): Promise<string> {
    const lastAttempt = job.retryCount >= job.retryLimit;
    const reason = error instanceof Error ? error.message : String(error);
    await db
      .update(outboundMessages)
      .set({
        attempts: sql`${outboundMessages.attempts} + 1`,
        error: reason.slice(0, 1000),
        ...(lastAttempt ? { status: "failed" as const } : {}),
      })
      .where(eq(outboundMessages.id, row.id));
    log.warn(
      {
        messageId: row.id,
        channel: row.channel,
        adapter: adapters[row.channel].name,
        attempt: job.retryCount + 1,
      },
      lastAttempt ? `message failed for good: ${reason}` : `message delivery failed: ${reason}`,
    );
    return reason;
  }

  /** The composer's part of a templated email; `{}` for every other message. */
  async function compose(row: Row): Promise<ComposedEmail | null> {
    if (row.channel !== "email" || !row.template) return {};
    const composer = composers.get(row.template);
    if (!composer) {
      log.warn({ messageId: row.id, template: row.template }, "no composer: sent as plain text");
      return {};
    }
    return composer(row.templateRef ?? "", row.destination);
  }

  return { deliverBatch };
}

function nullableHeader(value: string | null | undefined): string | null {
  return value === null || value === undefined ? null : headerText(value);
}
