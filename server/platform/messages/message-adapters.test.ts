import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadSettings } from "#server/config.ts";
import { openDatabase } from "#server/platform/db/database.ts";
import { createLogger } from "#server/platform/runtime/logger.ts";
import { startHttpPeer } from "#tests/support/http-peer.ts";
import { createMessageService } from "./create-message-service.ts";
import type { OutgoingMessage } from "./message-adapter.ts";
import { adaptersFromSettings, outboxAdapter } from "./message-adapters.ts";
import { outboundMessages } from "./messages.schema.ts";
import { smtpEmailAdapter } from "./smtp-email-adapter.ts";
import { twilioSmsAdapter } from "./twilio-sms-adapter.ts";

type Received = { from: string; to: string[]; raw: string };

/** A real SMTP server on loopback that keeps every message it accepts. */
async function startSmtpPeer() {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.setEncoding("utf8");
      stream.on("data", (chunk: string) => (raw += chunk));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const sms = (to: string, text: string): OutgoingMessage => ({
  id: "00000000-0000-4000-8000-000000000001",
  channel: "sms",
  to,
  subject: null,
  text,
  html: null,
});

describe("Twilio SMS adapter", () => {
  it("posts To, From and Body to the account's Messages resource with basic auth", async () => {
    const peer = await startHttpPeer((_request, res) => {
      res.writeHead(201, { "content-type": "application/json" });
      res.end(JSON.stringify({ sid: "SM0123456789", status: "queued" }));
    });
    try {
      const adapter = twilioSmsAdapter({
        accountSid: "AC1234",
        authToken: "secret-token",
        from: "+15005550006",
        apiUrl: peer.url,
      });
      const result = await adapter.deliver(sms("+33612345678", "Your code is 424242"));
      expect(result).toEqual({ providerId: "SM0123456789" });
      expect(peer.requests).toHaveLength(1);
      const [request] = peer.requests;
      expect(request?.method).toBe("POST");
      expect(request?.url).toBe("/2010-04-01/Accounts/AC1234/Messages.json");
      expect(request?.headers.authorization).toBe(
        `Basic ${Buffer.from("AC1234:secret-token").toString("base64")}`,
      );
      expect(request?.headers["content-type"]).toBe("application/x-www-form-urlencoded");
      const form = new URLSearchParams(request?.body);
      expect(Object.fromEntries(form)).toEqual({
        To: "+33612345678",
        From: "+15005550006",
        Body: "Your code is 424242",
      });
    } finally {
      await peer.close();
    }
  });

  it("fails with Twilio's status and answer when the message is refused", async () => {
    const peer = await startHttpPeer((_request, res) => {
      res.writeHead(400, { "content-type": "application/json" });
      res.end(JSON.stringify({ code: 21211, message: "The 'To' number is not valid." }));
    });
    try {
      const adapter = twilioSmsAdapter({
        accountSid: "AC1",
        authToken: "t",
        from: "+15005550006",
        apiUrl: peer.url,
      });
      await expect(adapter.deliver(sms("+1", "x"))).rejects.toThrow(/Twilio answered 400: .*21211/);
    } finally {
      await peer.close();
    }
  });
});

describe("SMTP email adapter", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
  beforeAll(async () => {
    smtp = await startSmtpPeer();
  });
  afterAll(() => smtp.close());

  it("hands the message to the SMTP server: recipient, sender, subject and body", async () => {
    const adapter = smtpEmailAdapter({ url: smtp.url, from: "Tickets <no-reply@tickets.test>" });
    try {
      const { providerId } = await adapter.deliver({
        id: "00000000-0000-4000-8000-000000000002",
        channel: "email",
        to: "ada@example.com",
        subject: "Reset your password",
        text: "Open this link to choose a new password.",
        html: null,
      });
      expect(providerId).toMatch(/^<.+@.+>$/);
      const mail = smtp.received.at(-1);
      expect(mail?.from).toBe("no-reply@tickets.test");
      expect(mail?.to).toEqual(["ada@example.com"]);
      expect(mail?.raw).toMatch(/^Subject: Reset your password\r?$/m);
      expect(mail?.raw).toMatch(/^To: ada@example\.com\r?$/m);
      expect(mail?.raw).toContain("Open this link to choose a new password.");
    } finally {
      adapter.close();
    }
  });

  it("delivers a queued email end to end when MAIL_PROVIDER=smtp", async () => {
    const database = await openDatabase({ pgliteDir: "memory://" });
    const settings = loadSettings({
      NODE_ENV: "test",
      PGLITE_DIR: "memory://",
      APP_SECRET: "t".repeat(32),
      MAIL_PROVIDER: "smtp",
      SMTP_URL: smtp.url,
      MAIL_FROM: "Tickets <no-reply@tickets.test>",
    });
    const messages = await createMessageService({
      settings,
      database,
      log: createLogger("silent"),
      delivery: { pollingIntervalSeconds: 0.5 },
    });
    try {
      await messages.start();
      const { id } = await database.db.transaction((tx) =>
        messages.queueEmail(tx, {
          to: "grace@example.com",
          subject: "Welcome to Tickets",
          text: "Your account is ready.",
          html: "<p>Your account is ready.</p>",
        }),
      );
      const deadline = Date.now() + 20_000;
      let row: typeof outboundMessages.$inferSelect | undefined;
      while (Date.now() < deadline) {
        [row] = await database.db
          .select()
          .from(outboundMessages)
          .where(eq(outboundMessages.id, id));
        if (row?.status !== "queued") break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(row).toMatchObject({ status: "sent", attempts: 1, error: null });
      const mail = smtp.received.find((m) => m.to.includes("grace@example.com"));
      expect(mail?.raw).toMatch(/^Subject: Welcome to Tickets\r?$/m);
      expect(mail?.raw).toContain("Your account is ready.");
      expect(mail?.raw).toContain("<p>Your account is ready.</p>");
      expect(row?.providerId).toBeTruthy();
      expect(mail?.raw).toContain(`Message-ID: ${row?.providerId}`);
    } finally {
      await messages.stop();
      await database.close();
    }
  }, 90_000);
});

describe("outbox adapter", () => {
  it("logs the message text where log redaction leaves it readable", async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, callback) {
        lines.push(String(chunk));
        callback();
      },
    });
    const adapter = outboxAdapter(createLogger("info", sink));
    const result = await adapter.deliver(sms("+33612345678", "Your code is 987654"));
    expect(result).toEqual({ providerId: null, kept: true });
    const entry = JSON.parse(lines.at(-1) ?? "{}");
    expect(entry).toMatchObject({
      level: 30,
      channel: "sms",
      to: "+33612345678",
      text: "Your code is 987654",
    });
  });

  it("is what the settings choose by default for both channels", () => {
    const settings = loadSettings({
      NODE_ENV: "test",
      PGLITE_DIR: "memory://",
      APP_SECRET: "t".repeat(32),
    });
    const adapters = adaptersFromSettings(settings, createLogger("silent"));
    expect([adapters.sms.name, adapters.email.name]).toEqual(["outbox", "outbox"]);
  });
});
