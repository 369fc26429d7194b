import type { Executor } from "#server/platform/db/database.ts";
import type { EmailComposer } from "./message-adapter.ts";
import type { MessageChannel } from "./messages.schema.ts";

export type EmailMessage = {
  to: string;
  subject: string;
  /** The plain-text part (and all of the email when no composer makes more of it). */
  text: string;
  html?: string;
  /** The sender's display name (e.g. the business's); the address is always MAIL_FROM's. */
  fromName?: string;
  /**
   * Composed when delivered (HTML, attachments) by the composer registered under `name`
   * (addComposer), from `ref` (e.g. a booking id): nothing heavy in the caller's
   * transaction, and the tickets are as they are when the email leaves.
   */
  template?: { name: string; ref: string };
};

/**
 * SMS and email out. Queueing writes the message in the caller's transaction (so a
 * rolled-back change sends nothing) and a pg-boss job delivers it with retries through
 * the configured adapter (development outbox, Twilio, SMTP).
 * Implemented by server/platform/messages/create-message-service.ts.
 */
export type QueueOptions = {
  /**
   * Do all the work of queueing but send nothing (status `withheld`, no text kept): for
   * answers that must take the same time whether or not someone has an account.
   */
  withhold?: boolean;
  /**
   * Once per key: queueing again under a key already used queues nothing and answers the
   * first message (`duplicate: true`). E.g. `{noticeKey}:{channel}`.
   */
  key?: string;
  /** What the message belongs to (an attendee message, a notice fan-out), for counts. */
  sourceId?: string;
};

export type Queued = { id: string; duplicate: boolean };

/** One message of a batch (queueMany): what to send, where, and its queueing options. */
export type MessageToQueue = QueueOptions & {
  channel: MessageChannel;
  to: string;
  /** Email only. */
  subject?: string;
  text: string;
  html?: string;
  fromName?: string;
  template?: { name: string; ref: string };
};

export type MessageService = {
  queueSms(tx: Executor, to: string, text: string, options?: QueueOptions): Promise<Queued>;
  queueEmail(tx: Executor, message: EmailMessage, options?: QueueOptions): Promise<Queued>;
  /**
   * Many messages at once with the guarantees of one (the caller's transaction, once per
   * key, a job per message): one multi-row insert and one insert of their jobs, whatever
   * their number. Answers each message's outcome, in their order; a key already used, in
   * the database or earlier in the batch, answers the first message as a duplicate.
   */
  queueMany(tx: Executor, messages: MessageToQueue[]): Promise<Queued[]>;
  /** Registers the composer of emails queued with `template.name === name`. */
  addComposer(name: string, composer: EmailComposer): void;
  /** Starts the delivery workers (after migrations). */
  start(): Promise<void>;
  /** Stops taking jobs and waits for the ones running. */
  stop(): Promise<void>;
};
