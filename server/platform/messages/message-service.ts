import type { Executor } from "#server/platform/db/database.ts";

export type EmailMessage = { to: string; subject: string; text: string; html?: string };

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
};

export type MessageService = {
  queueSms(tx: Executor, to: string, text: string, options?: QueueOptions): Promise<{ id: string }>;
  queueEmail(tx: Executor, message: EmailMessage, options?: QueueOptions): Promise<{ id: string }>;
  /** Starts the delivery workers (after migrations). */
  start(): Promise<void>;
  /** Stops taking jobs and waits for the ones running. */
  stop(): Promise<void>;
};
