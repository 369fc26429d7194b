import nodemailer from "nodemailer";
import type { MessageAdapter } from "./message-adapter.ts";

export type SmtpOptions = {
  /** `smtp://user:pass@host:port` or `smtps://…` (nodemailer's connection URL). */
  url: string;
  /** The From header, e.g. `Tickets <no-reply@example.com>`. */
  from: string;
  /** SMTP connections at once (default 10). */
  maxConnections?: number;
};

/**
 * Email through an SMTP server, with nodemailer's pooled transport. A message's sender
 * name may be its own (the business's), the address is always ours. Its Message-ID is
 * made from the outbound message's id, so the rare resend after a crash between the
 * server's answer and our record of it is the same email to the receiving side.
 */
export function smtpEmailAdapter(options: SmtpOptions): MessageAdapter & { close(): void } {
  // Pooled: a big send reuses a few open connections instead of a connection (TCP, EHLO)
  // per email. Up to `maxConnections` at once; more wait for a free one.
  const transport = nodemailer.createTransport({
    url: options.url,
    pool: true,
    maxConnections: options.maxConnections ?? 10,
    maxMessages: 1000,
  });
  const address = senderAddress(options.from);
  const domain = address.split("@")[1] ?? "localhost";
  return {
    name: "smtp",
    async deliver(message) {
      const info = await transport.sendMail({
        from: message.fromName ? { name: message.fromName, address } : options.from,
        to: message.to,
        subject: message.subject ?? "",
        messageId: `<${message.id}@${domain}>`,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        ...(message.attachments?.length
          ? {
              attachments: message.attachments.map((file) => ({
                filename: file.filename,
                contentType: file.contentType,
                content: file.content,
                ...(file.cid ? { cid: file.cid, contentDisposition: "inline" as const } : {}),
              })),
            }
          : {}),
      });
      return { providerId: info.messageId ?? null };
    },
    close: () => transport.close(),
  };
}

/** `Tickets <no-reply@example.com>` → `no-reply@example.com`; a bare address stays. */
export function senderAddress(from: string): string {
  const angle = /<([^>]+)>/.exec(from);
  return (angle?.[1] ?? from).trim();
}
