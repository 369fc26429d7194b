import nodemailer from "nodemailer";
import type { MessageAdapter } from "./message-adapter.ts";

export type SmtpOptions = {
  /** `smtp://user:pass@host:port` or `smtps://…` (nodemailer's connection URL). */
  url: string;
  /** The From header, e.g. `Tickets <no-reply@example.com>`. */
  from: string;
};

/** Email through an SMTP server, with nodemailer's pooled transport. */
export function smtpEmailAdapter(options: SmtpOptions): MessageAdapter & { close(): void } {
  const transport = nodemailer.createTransport(options.url);
  return {
    name: "smtp",
    async deliver(message) {
      const info = await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject ?? "",
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
      });
      return { providerId: info.messageId ?? null };
    },
    close: () => transport.close(),
  };
}
