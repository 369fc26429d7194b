import type { Executor } from "#server/platform/db/database.ts";
import type { MessageService } from "#server/platform/messages/message-service.ts";
import type { Event } from "./event-ownership.ts";

/**
 * One thing another module must do when an event is cancelled, inside the cancelling
 * transaction (so a failure leaves the event as it was). `event` is the row as
 * cancelled (status, cancelledAt set); `reason` is what the organiser wrote, if anything.
 */
export type EventCancellationStep = (
  tx: Executor,
  event: Event,
  reason: string | null,
  deps: EventCancellationDeps,
) => Promise<void>;

/** How steps reach people: messages queued in the transaction, links to this site. */
export type EventCancellationDeps = { messages: MessageService | null; publicUrl: string | null };

/**
 * One thing another module does when an event's time or venue is edited, inside the
 * editing transaction; `lines` says what changed (e.g. "New time: …").
 */
export type EventChangeStep = (tx: Executor, event: Event, lines: string[]) => Promise<void>;
