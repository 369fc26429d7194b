import type { MessageAdapter } from "./message-adapter.ts";

export type TwilioOptions = {
  accountSid: string;
  authToken: string;
  from: string;
  /** Base address; Twilio's own unless a test points it at a local peer. */
  apiUrl?: string;
  /** Per request; a hung provider must not hold a delivery job forever. */
  timeoutMs?: number;
};

/**
 * SMS through Twilio's Messages API: one form POST, HTTP basic auth with the account SID
 * and auth token. No SDK: this one request is all we need of it.
 */
export function twilioSmsAdapter(options: TwilioOptions): MessageAdapter {
  const base = (options.apiUrl ?? "https://api.twilio.com").replace(/\/+$/, "");
  const endpoint = `${base}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString("base64")}`;
  return {
    name: "twilio",
    async deliver(message) {
      const response = await fetch(endpoint, {
        method: "POST",
        headers: {
          authorization,
          "content-type": "application/x-www-form-urlencoded",
          accept: "application/json",
        },
        body: new URLSearchParams({ To: message.to, From: options.from, Body: message.text }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
      });
      const body = await response.text();
      if (!response.ok) {
        // Twilio answers errors as {code, message, more_info}; keep it short for the row.
        throw new Error(`Twilio answered ${response.status}: ${body.slice(0, 300)}`);
      }
      let sid: string | null = null;
      try {
        const parsed = JSON.parse(body) as { sid?: unknown };
        sid = typeof parsed.sid === "string" ? parsed.sid : null;
      } catch {
        // Accepted but not JSON: the message went out, we just have no id for it.
      }
      return { providerId: sid };
    },
  };
}
