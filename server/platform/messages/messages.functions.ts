import { and, desc, eq, ne } from "drizzle-orm";
import { z } from "zod";
import {
  type AnyFunctionDefinition,
  defineFunction,
} from "#server/platform/callable/define-function.ts";
import { FunctionError } from "#server/platform/callable/function-error.ts";
import { isLoopback } from "#server/platform/http/loopback.ts";
import { outboxIsReadable } from "./message-settings.ts";
import { type MessageStatus, outboundMessages } from "./messages.schema.ts";

export type OutboxEntry = {
  id: string;
  channel: "sms" | "email";
  to: string;
  subject: string | null;
  text: string;
  status: MessageStatus;
  attempts: number;
  error: string | null;
  /** ISO 8601. */
  createdAt: string;
  sentAt: string | null;
};

const outboxQuery = z.object({
  /** Exactly as queued: an E.164 phone number or an email address. */
  destination: z.string().trim().min(1).max(320).optional(),
  limit: z.number().int().min(1).max(200).default(50),
});

export const readDevOutbox = defineFunction({
  name: "dev.outbox",
  // `{data: null}` (a client called without arguments) lists the latest 50 of everyone's.
  input: outboxQuery.nullish().transform((query) => query ?? { limit: 50 }),
  // Public on purpose, and only where outboxIsReadable() and from this machine itself:
  // there nothing leaves the machine, and reading the codes is how a developer or an
  // end-to-end test signs in. From anywhere else (a demo left running on a server) it
  // does not exist: whoever reached it could read everyone's sign-in codes.
  access: "public",
  handler: async (data, ctx): Promise<{ messages: OutboxEntry[] }> => {
    if (!outboxIsReadable(ctx.services.settings) || !isLoopback(ctx.client.ip)) {
      // As if the function did not exist: a real deployment never shows its messages.
      throw new FunctionError("NOT_FOUND", "No function named dev.outbox.");
    }
    const rows = await ctx.db
      .select()
      .from(outboundMessages)
      .where(
        and(
          ne(outboundMessages.status, "withheld"),
          "destination" in data && data.destination
            ? eq(outboundMessages.destination, data.destination)
            : undefined,
        ),
      )
      .orderBy(desc(outboundMessages.createdAt), desc(outboundMessages.id))
      .limit(data.limit);
    return {
      messages: rows.map((row) => ({
        id: row.id,
        channel: row.channel,
        to: row.destination,
        subject: row.subject,
        text: row.body,
        status: row.status,
        attempts: row.attempts,
        error: row.error,
        createdAt: row.createdAt.toISOString(),
        sentAt: row.sentAt?.toISOString() ?? null,
      })),
    };
  },
});

/** The development outbox. */
export const messageFunctions = [readDevOutbox] as const satisfies readonly AnyFunctionDefinition[];
