import type { Settings } from "../../config.ts";
import type { Logger } from "../logger.ts";
import type { MessageChannel } from "./messages.schema.ts";
import { smtpEmailAdapter } from "./smtp-email-adapter.ts";
import { twilioSmsAdapter } from "./twilio-sms-adapter.ts";

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
  deliver(message: OutgoingMessage): Promise<{ providerId: string | null }>;
};

export type MessageAdapters = { sms: MessageAdapter; email: MessageAdapter };

/**
 * Development (and embedded demo) adapter: nothing leaves the machine. The message stays
 * in outbound_messages (marked sent) for /dev/outbox, and is logged with its text under
 * `text`, a field the log redaction leaves alone, so codes can be read from the log.
 */
export function outboxAdapter(log: Logger): MessageAdapter {
  return {
    name: "outbox",
    async deliver(message) {
      log.info(
        {
          messageId: message.id,
          channel: message.channel,
          to: message.to,
          subject: message.subject ?? undefined,
          text: message.text,
        },
        `outbox: ${message.channel} to ${message.to}`,
      );
      return { providerId: null };
    },
  };
}

/** The adapters the settings choose (config.ts has checked their required settings). */
export function adaptersFromSettings(settings: Settings, log: Logger): MessageAdapters {
  return {
    sms:
      settings.SMS_PROVIDER === "twilio"
        ? twilioSmsAdapter({
            accountSid: settings.TWILIO_ACCOUNT_SID ?? "",
            authToken: settings.TWILIO_AUTH_TOKEN ?? "",
            from: settings.TWILIO_FROM ?? "",
            apiUrl: settings.TWILIO_API_URL,
          })
        : outboxAdapter(log),
    email:
      settings.MAIL_PROVIDER === "smtp"
        ? smtpEmailAdapter({ url: settings.SMTP_URL ?? "", from: settings.MAIL_FROM ?? "" })
        : outboxAdapter(log),
  };
}
