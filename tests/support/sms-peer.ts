import { randomUUID } from "node:crypto";
import { type HttpPeer, startHttpPeer } from "./http-peer.ts";

export type ReceivedSms = { to: string; from: string; body: string };

export type SmsPeer = {
  /** For TWILIO_API_URL (with any TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM). */
  url: string;
  received: ReceivedSms[];
  to(phone: string): ReceivedSms[];
  /** Resolves when `count` SMS to `phone` have arrived (rejects after `timeoutMs`). */
  waitFor(phone: string, count?: number, timeoutMs?: number): Promise<ReceivedSms[]>;
  close(): Promise<void>;
};

/** Speaks Twilio's Messages API (form POST, 201 with a sid) and keeps every SMS. */
export async function startSmsPeer(): Promise<SmsPeer> {
  const received: ReceivedSms[] = [];
  const peer: HttpPeer = await startHttpPeer((request, res) => {
    const form = new URLSearchParams(request.body);
    received.push({
      to: form.get("To") ?? "",
      from: form.get("From") ?? "",
      body: form.get("Body") ?? "",
    });
    res.writeHead(201, { "content-type": "application/json" });
    res.end(JSON.stringify({ sid: `SM${randomUUID().replaceAll("-", "")}`, status: "queued" }));
  });
  const to = (phone: string) => received.filter((sms) => sms.to === phone);
  return {
    url: peer.url,
    received,
    to,
    async waitFor(phone, count = 1, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (to(phone).length < count) {
        if (Date.now() > deadline)
          throw new Error(`${to(phone).length} of ${count} SMS to ${phone}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return to(phone);
    },
    close: () => peer.close(),
  };
}

/** The settings that point a server at these peers. */
export function peerSettings(mail: { url: string }, sms: { url: string }): Record<string, string> {
  return {
    MAIL_PROVIDER: "smtp",
    SMTP_URL: mail.url,
    MAIL_FROM: "Tickets <tickets@example.test>",
    SMS_PROVIDER: "twilio",
    TWILIO_ACCOUNT_SID: "ACtest",
    TWILIO_AUTH_TOKEN: "test-token",
    TWILIO_FROM: "+15005550006",
    TWILIO_API_URL: sms.url,
  };
}
