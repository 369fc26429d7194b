import { describe, expect, it } from "vitest";
import { loadSettings, SettingsError } from "#server/config.ts";
import { outboxIsReadable } from "./message-settings.ts";

const base = { PGLITE_DIR: "memory://", APP_SECRET: "s".repeat(32) };
const postgres = {
  DATABASE_URL: "postgres://app@db.internal:5432/tickets",
  PUBLIC_URL: "https://tickets.example",
};

describe("message settings", () => {
  it("default to the outbox for SMS and email", () => {
    const settings = loadSettings({ ...base, NODE_ENV: "test" });
    expect(settings.SMS_PROVIDER).toBe("outbox");
    expect(settings.MAIL_PROVIDER).toBe("outbox");
    expect(settings.ALLOW_OUTBOX_IN_PRODUCTION).toBe(false);
  });

  it("refuse to start production on PostgreSQL with an outbox, naming both settings", () => {
    const attempt = () => loadSettings({ ...base, ...postgres, NODE_ENV: "production" });
    expect(attempt).toThrow(SettingsError);
    expect(attempt).toThrow(
      /SMS_PROVIDER: the outbox sends nothing.*\n.*MAIL_PROVIDER: the outbox/s,
    );
  });

  it("refuse the mail outbox in production on PostgreSQL even when SMS go through Twilio", () => {
    const attempt = () =>
      loadSettings({
        ...base,
        ...postgres,
        NODE_ENV: "production",
        SMS_PROVIDER: "twilio",
        TWILIO_ACCOUNT_SID: "AC1",
        TWILIO_AUTH_TOKEN: "token",
        TWILIO_FROM: "+15005550006",
      });
    expect(attempt).toThrow(/MAIL_PROVIDER: the outbox sends nothing/);
    expect(attempt).not.toThrow(/SMS_PROVIDER/);
  });

  it("allow the outbox in production on PostgreSQL when ALLOW_OUTBOX_IN_PRODUCTION=true", () => {
    const settings = loadSettings({
      ...base,
      ...postgres,
      NODE_ENV: "production",
      ALLOW_OUTBOX_IN_PRODUCTION: "true",
    });
    expect(settings.SMS_PROVIDER).toBe("outbox");
    expect(settings.ALLOW_OUTBOX_IN_PRODUCTION).toBe(true);
  });

  it("allow the outbox in production on the embedded database (npm start's local demo)", () => {
    expect(() => loadSettings({ ...base, NODE_ENV: "production" })).not.toThrow();
  });

  it("accept real providers in production on PostgreSQL", () => {
    const settings = loadSettings({
      ...base,
      ...postgres,
      NODE_ENV: "production",
      SMS_PROVIDER: "twilio",
      TWILIO_ACCOUNT_SID: "AC1",
      TWILIO_AUTH_TOKEN: "token",
      TWILIO_FROM: "+15005550006",
      MAIL_PROVIDER: "smtp",
      SMTP_URL: "smtps://user:pass@smtp.example.com:465",
      MAIL_FROM: "Tickets <no-reply@example.com>",
    });
    expect([settings.SMS_PROVIDER, settings.MAIL_PROVIDER]).toEqual(["twilio", "smtp"]);
  });

  it("require Twilio's credentials and sender with SMS_PROVIDER=twilio", () => {
    const attempt = () => loadSettings({ ...base, NODE_ENV: "test", SMS_PROVIDER: "twilio" });
    expect(attempt).toThrow(
      /TWILIO_ACCOUNT_SID: required.*\n.*TWILIO_AUTH_TOKEN: required.*\n.*TWILIO_FROM: required/s,
    );
  });

  it("require an SMTP URL and a sender with MAIL_PROVIDER=smtp", () => {
    expect(() =>
      loadSettings({ ...base, NODE_ENV: "test", MAIL_PROVIDER: "smtp", SMTP_URL: "http://x" }),
    ).toThrow(/SMTP_URL: must be an smtp/);
    expect(() => loadSettings({ ...base, NODE_ENV: "test", MAIL_PROVIDER: "smtp" })).toThrow(
      /SMTP_URL: required.*\n.*MAIL_FROM: required/s,
    );
  });
});

describe("outboxIsReadable", () => {
  const outbox = {
    SMS_PROVIDER: "outbox",
    MAIL_PROVIDER: "outbox",
    ALLOW_OUTBOX_IN_PRODUCTION: false,
  } as const;

  it("is true outside production", () => {
    expect(outboxIsReadable({ ...outbox, NODE_ENV: "development" })).toBe(true);
    expect(outboxIsReadable({ ...outbox, NODE_ENV: "test", ...postgres })).toBe(true);
  });

  it("is true in production on the embedded database when nothing is really sent", () => {
    expect(outboxIsReadable({ ...outbox, NODE_ENV: "production" })).toBe(true);
    expect(outboxIsReadable({ ...outbox, NODE_ENV: "production", SMS_PROVIDER: "twilio" })).toBe(
      false,
    );
  });

  it("is never true in production on PostgreSQL, even with the outbox allowed", () => {
    expect(
      outboxIsReadable({
        ...outbox,
        ...postgres,
        NODE_ENV: "production",
        ALLOW_OUTBOX_IN_PRODUCTION: true,
      }),
    ).toBe(false);
  });
});
