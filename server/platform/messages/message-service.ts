import type { Executor } from "../db.ts";

export type EmailMessage = { to: string; subject: string; text: string; html?: string };

/**
 * SMS and email out. Queueing writes the message in the caller's transaction (so a
 * rolled-back change sends nothing) and a pg-boss job delivers it with retries through
 * the configured adapter (development outbox, Twilio, SMTP).
 * Implemented by server/platform/messages/create-message-service.ts.
 */
export type MessageService = {
  queueSms(tx: Executor, to: string, text: string): Promise<{ id: string }>;
  queueEmail(tx: Executor, message: EmailMessage): Promise<{ id: string }>;
  /** Starts the delivery workers (after migrations). */
  start(): Promise<void>;
  /** Stops taking jobs and waits for the ones running. */
  stop(): Promise<void>;
};
