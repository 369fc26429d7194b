import type { Settings } from "#server/config.ts";
import type { Logger } from "#server/platform/runtime/logger.ts";
import type { MessageAdapter } from "./message-adapter.ts";
import { smtpEmailAdapter } from "./smtp-email-adapter.ts";
import { twilioSmsAdapter } from "./twilio-sms-adapter.ts";

export type MessageAdapters = { sms: MessageAdapter; email: MessageAdapter };

/**
 * Development (and embedded demo) adapter: nothing leaves the machine. The message stays
 * in outbound_messages (marked kept) for /dev/outbox, and is logged with its text under
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
          from: message.fromName ?? undefined,
          text: message.text,
          attachments: message.attachments?.map((file) => file.filename),
        },
        `outbox: ${message.channel} to ${message.to}`,
      );
      return { providerId: null, kept: true };
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
