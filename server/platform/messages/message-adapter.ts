import type { MessageChannel } from "./messages.schema.ts";

/** One message as an adapter receives it (a row of outbound_messages). */
export type OutgoingMessage = {
  id: string;
  channel: MessageChannel;
  to: string;
  subject: string | null;
  text: string;
  html: string | null;
};

/**
 * Hands one message to a provider. Resolves with the provider's id for it; throws when
 * the provider did not take it (the delivery job retries).
 */
export type MessageAdapter = {
  name: string;
  deliver(message: OutgoingMessage): Promise<{ providerId: string | null; kept?: boolean }>;
};
