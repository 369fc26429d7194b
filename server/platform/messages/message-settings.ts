import { z } from "zod";

const httpUrl = z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" });

/**
 * The settings of messages out (SMS and email), spread into server/config.ts's schema.
 * `outbox` keeps messages in the outbound_messages table and the log instead of sending.
 */
export const messageSettingsShape = {
  SMS_PROVIDER: z.enum(["outbox", "twilio"]).default("outbox"),
  TWILIO_ACCOUNT_SID: z.string().min(1).optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  TWILIO_FROM: z.string().min(1).optional(),
  /** Only for tests against a local peer; Twilio's own address otherwise. */
  TWILIO_API_URL: httpUrl.optional(),
  MAIL_PROVIDER: z.enum(["outbox", "smtp"]).default("outbox"),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }).optional(),
  MAIL_FROM: z.string().min(3).optional(),
  ALLOW_OUTBOX_IN_PRODUCTION: z
    .enum(["true", "false"])
    .default("false")
    .transform((value) => value === "true"),
};

type MessageSettingsInput = {
  NODE_ENV: string;
  DATABASE_URL?: string;
  SMS_PROVIDER: "outbox" | "twilio";
  TWILIO_ACCOUNT_SID?: string;
  TWILIO_AUTH_TOKEN?: string;
  TWILIO_FROM?: string;
  MAIL_PROVIDER: "outbox" | "smtp";
  SMTP_URL?: string;
  MAIL_FROM?: string;
  ALLOW_OUTBOX_IN_PRODUCTION: boolean;
};

/**
 * Problems with the message settings, as `SETTING: message` lines (empty: fine).
 * A real deployment (production on PostgreSQL) must not silently keep its SMS codes in a
 * table; the embedded database is a one-machine demo, where the outbox is the only way to
 * read them (a warning is logged at start instead).
 */
export function messageSettingsProblems(settings: MessageSettingsInput): string[] {
  const problems: string[] = [];
  if (settings.SMS_PROVIDER === "twilio") {
    for (const name of ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM"] as const) {
      if (!settings[name]) problems.push(`${name}: required with SMS_PROVIDER=twilio`);
    }
  }
  if (settings.MAIL_PROVIDER === "smtp") {
    for (const name of ["SMTP_URL", "MAIL_FROM"] as const) {
      if (!settings[name]) problems.push(`${name}: required with MAIL_PROVIDER=smtp`);
    }
  }
  if (
    settings.NODE_ENV === "production" &&
    settings.DATABASE_URL &&
    !settings.ALLOW_OUTBOX_IN_PRODUCTION
  ) {
    if (settings.SMS_PROVIDER === "outbox") {
      problems.push(
        "SMS_PROVIDER: the outbox sends nothing; set twilio in production with DATABASE_URL (or ALLOW_OUTBOX_IN_PRODUCTION=true)",
      );
    }
    if (settings.MAIL_PROVIDER === "outbox") {
      problems.push(
        "MAIL_PROVIDER: the outbox sends nothing; set smtp in production with DATABASE_URL (or ALLOW_OUTBOX_IN_PRODUCTION=true)",
      );
    }
  }
  return problems;
}

/**
 * Whether the development outbox (`/dev/outbox`, function `dev.outbox`) may show messages:
 * outside production, or on the embedded database when nothing is really sent (the local
 * demo of `npm start`). Never on a production deployment with DATABASE_URL.
 */
export function outboxIsReadable(settings: MessageSettingsInput): boolean {
  if (settings.NODE_ENV !== "production") return true;
  return (
    !settings.DATABASE_URL &&
    settings.SMS_PROVIDER === "outbox" &&
    settings.MAIL_PROVIDER === "outbox"
  );
}
