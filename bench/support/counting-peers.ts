import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/**
 * A mail and an SMS peer that only count what they accept (a real SMTP server; an HTTP
 * server speaking Twilio's Messages API), so a bench of 100,000 recipients measures the
 * sender, not the parsing the tests' peers do.
 */
export async function startCountingPeers() {
  const counts = { mails: 0, sms: 0 };
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      stream.on("data", () => {});
      stream.on("end", () => {
        counts.mails += 1;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const http = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      counts.sms += 1;
      res.writeHead(201, { "content-type": "application/json" });
      res.end(JSON.stringify({ sid: `SM${counts.sms}`, status: "queued" }));
    });
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  const httpPort = (http.address() as AddressInfo).port;
  return {
    counts,
    settings: {
      MAIL_PROVIDER: "smtp",
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_FROM: "Tickets <tickets@example.test>",
      SMS_PROVIDER: "twilio",
      TWILIO_ACCOUNT_SID: "ACbench",
      TWILIO_AUTH_TOKEN: "bench-token",
      TWILIO_FROM: "+15005550006",
      TWILIO_API_URL: `http://127.0.0.1:${httpPort}`,
    },
    close: async () => {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
