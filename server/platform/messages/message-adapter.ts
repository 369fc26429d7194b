import type { MessageChannel } from "./messages.schema.ts";

/** A file sent with an email; `cid` makes it an inline image the HTML shows (`cid:…`). */
export type EmailAttachment = {
  filename: string;
  contentType: string;
  content: Buffer;
  cid?: string;
};

/** One message as an adapter receives it (a row of outbound_messages, composed). */
export type OutgoingMessage = {
  id: string;
  channel: MessageChannel;
  to: string;
  subject: string | null;
  text: string;
  html: string | null;
  /** The sender's display name; the address is the adapter's own. */
  fromName?: string | null;
  attachments?: EmailAttachment[];
};

/**
 * Hands one message to a provider. Resolves with the provider's id for it; throws when
 * the provider did not take it (the delivery job retries).
 */
export type MessageAdapter = {
  name: string;
  deliver(message: OutgoingMessage): Promise<{ providerId: string | null; kept?: boolean }>;
};

/** What a composer adds to an email when it is delivered. */
export type ComposedEmail = {
  subject?: string;
  text?: string;
  html?: string;
  fromName?: string;
  attachments?: EmailAttachment[];
};

/**
 * Builds an email queued with a template, when it is delivered: `ref` is what the queuer
 * gave (e.g. a booking id), `to` the address. Null: there is nothing to send any more
 * (e.g. the booking is gone); the message is then settled as withheld.
 */
export type EmailComposer = (ref: string, to: string) => Promise<ComposedEmail | null>;
