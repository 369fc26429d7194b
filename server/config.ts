import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { isSupportedCountry } from "libphonenumber-js";
import { z } from "zod";
import {
  paymentSettingsProblems,
  paymentSettingsShape,
} from "./modules/payments/payment-settings.ts";
import { walletSettingsShape } from "./modules/tickets/wallet/wallet-settings.ts";
import {
  messageSettingsProblems,
  messageSettingsShape,
} from "./platform/messages/message-settings.ts";

/** Settings read from the environment once at start; a bad value stops the start. */
const settingsSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default("0.0.0.0"),
    DATABASE_URL: z
      .url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// or postgresql:// URL" })
      .optional(),
    PGLITE_DIR: z.string().min(1).default(".data/pglite"),
    APP_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    PUBLIC_URL: z
      .url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" })
      .optional(),
    LOG_LEVEL: z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])
      .default("info"),
    DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
    /** Server processes sharing the port (one per core); more than 1 needs PostgreSQL. */
    WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
    ...messageSettingsShape,
    ...walletSettingsShape,
    ...paymentSettingsShape,
    // Above 60: the page refreshes 60 s before expiry, so a shorter life would refresh non-stop.
    ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(61).max(86_400).default(900),
    REFRESH_GRACE_SECONDS: z.coerce.number().int().min(0).max(300).default(10),
    OIDC_ISSUER: z
      .url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" })
      .optional(),
    OIDC_CLIENT_ID: z.string().min(1).optional(),
    OIDC_CLIENT_SECRET: z.string().min(1).optional(),
    OIDC_NAME: z.string().min(1).max(40).default("OpenID Connect"),
    /** How long a hold keeps its tickets (decision 009). */
    HOLD_MINUTES: z.coerce.number().int().min(1).max(60).default(10),
    /** Anonymous public pages are shared for this long (decision 017); 0 turns the cache off. */
    PUBLIC_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).default(1),
    /** …and served stale this much longer while one request renders them again. */
    PUBLIC_CACHE_STALE_SECONDS: z.coerce.number().int().min(0).max(300).default(2),
    /** Concurrent holds (and releases) of one ticket type share one statement (decision 015). */
    HOLD_BATCHING: z.enum(["on", "off"]).default("on"),
    /** How often each instance frees expired holds; 0 turns the periodic sweep off. */
    HOLD_SWEEP_SECONDS: z.coerce.number().int().min(0).max(3600).default(15),
    /** Waiting rooms (decision 033): the leader's tick; 0 stops this instance from leading. */
    WAITING_ROOM_TICK_SECONDS: z.coerce.number().int().min(0).max(60).default(1),
    /** Waiting lists (decision 034): how often offers are settled and made; 0: never here. */
    WAITING_LIST_TICK_SECONDS: z.coerce.number().int().min(0).max(60).default(2),
    /** Zero bits the proof of work to join a room needs (16: ~65,000 hashes, a second or two). */
    WAITING_ROOM_POW_BITS: z.coerce.number().int().min(0).max(24).default(16),
    /** Joins per address per minute (people behind one network share it). */
    WAITING_ROOM_JOINS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(30),
    /** An admitted person without a hold stops counting as a busy checkout after this. */
    WAITING_ROOM_NO_SHOW_SECONDS: z.coerce.number().int().min(5).max(600).default(120),
    /** Webhooks (decision 039): an endpoint not answering within this fails the attempt. */
    WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(60).default(15),
    /**
     * Webhooks to this machine and private networks: refused in production unless "allow"
     * (a deployment whose receivers are inside its own network; the benchmark).
     */
    WEBHOOK_PRIVATE_NETWORKS: z.enum(["allow", "refuse"]).optional(),
    /**
     * Tests only (ignored unless NODE_ENV=test): pauses inside the confirm transaction,
     * after the hold is claimed, so a test can kill the process mid-transaction.
     */
    TEST_CONFIRM_PAUSE_MS: z.coerce.number().int().min(0).max(60_000).default(0),
    /**
     * The phone field's country when the browser's languages name none we know
     * (`Accept-Language: en-GB` gives GB first): an ISO 3166 code with a calling code.
     */
    DEFAULT_COUNTRY: z
      .string()
      .transform((code) => code.trim().toUpperCase())
      .refine(
        (code) => /^[A-Z]{2}$/.test(code) && isSupportedCountry(code),
        "must be a two-letter country code with a phone numbering plan, like GB or US",
      )
      .default("US"),
    // auto: a fresh embedded database gets the demo's accounts and events at start.
    DEMO_DATA: z.enum(["auto", "off"]).default("auto"),
  })
  .superRefine((value, context) => {
    // PGlite lives inside one process: a second process cannot open its folder.
    if (value.WEB_CONCURRENCY > 1 && !value.DATABASE_URL) {
      context.addIssue({
        code: "custom",
        path: ["WEB_CONCURRENCY"],
        message: "above 1 needs DATABASE_URL (the embedded database serves one process)",
      });
    }
    // External sign-in is on when the issuer is set; it cannot work without a client id.
    if (value.OIDC_ISSUER && !value.OIDC_CLIENT_ID) {
      context.addIssue({
        code: "custom",
        path: ["OIDC_CLIENT_ID"],
        message: "required with OIDC_ISSUER",
      });
    }
  });

export type Settings = z.infer<typeof settingsSchema> & {
  APP_SECRET: string;
  PUBLIC_URL: string;
};

export class SettingsError extends Error {}

/** Empty strings count as unset so `PORT= npm start` means the default. */
function withoutEmpty(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
}

export function loadSettings(env: NodeJS.ProcessEnv = process.env): Settings {
  const parsed = settingsSchema.safeParse(withoutEmpty(env));
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `  ${issue.path.join(".") || "(settings)"}: ${issue.message}`,
    );
    throw new SettingsError(`Invalid settings:\n${lines.join("\n")}`);
  }
  const settings = parsed.data;
  const problems = [
    ...sharedSettingsProblems(settings),
    ...messageSettingsProblems(settings),
    ...paymentSettingsProblems(settings),
  ];
  if (problems.length > 0) {
    throw new SettingsError(`Invalid settings:\n${problems.map((l) => `  ${l}`).join("\n")}`);
  }
  return {
    ...settings,
    // The embedded database is a one-machine setup: without APP_SECRET a random secret is
    // made once and kept beside its folder, so `npm ci && npm start` needs no setting.
    APP_SECRET: settings.APP_SECRET ?? localAppSecret(settings.PGLITE_DIR),
    PUBLIC_URL: settings.PUBLIC_URL ?? `http://localhost:${settings.PORT}`,
  };
}

/**
 * Several instances sharing one PostgreSQL must agree on the secret (the signing keys are
 * encrypted with it) and on the public address (links in messages, the origin of forms):
 * neither may fall back to a per-instance default there (decision 025).
 */
function sharedSettingsProblems(settings: z.infer<typeof settingsSchema>): string[] {
  if (!settings.DATABASE_URL || settings.NODE_ENV !== "production") return [];
  return [
    ...(settings.APP_SECRET ? [] : ["APP_SECRET: required with DATABASE_URL in production"]),
    ...(settings.PUBLIC_URL
      ? []
      : [
          "PUBLIC_URL: required with DATABASE_URL in production (the address people reach the site at, the same on every instance)",
        ]),
  ];
}

function localAppSecret(pgliteDir: string): string {
  const file = join(dirname(resolve(pgliteDir)), "app-secret");
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600, flag: "wx" });
  }
  return readFileSync(file, "utf8").trim();
}
