import { createHmac, timingSafeEqual } from "node:crypto";
import { deflateRawSync, inflateRawSync } from "node:zlib";
import type { CookieJar } from "#server/platform/http/cookie-jar.ts";
import { type BusinessDraft, businessDraftFields } from "./business-input.ts";

/**
 * What a visitor typed on /business/form before being sent to sign in, kept in a
 * short-lived HttpOnly cookie so that the form comes back filled in. Not secret (it is
 * their own text), only tamper-proof and expiring; compressed, because a description
 * of 2000 characters has to fit the ~4 KB a browser keeps per cookie.
 */
export const BUSINESS_DRAFT_COOKIE = "biz_draft";
const PURPOSE = "business-draft";
const LIFETIME_SECONDS = 30 * 60;
/** Below the 4096 bytes browsers keep per cookie, with room for its name and attributes. */
const MAX_COOKIE_CHARS = 3800;

export type KeptDraft = { values: BusinessDraft; descriptionDropped: boolean };

type DraftDeps = { cookies: CookieJar; appSecret: string };

/** Keeps the draft; a description too long for a cookie is left out (and the form says so). */
export function keepBusinessDraft(deps: DraftDeps, typed: BusinessDraft): KeptDraft {
  const values = onlyDraftFields(typed);
  let value = sealDraft(deps.appSecret, { values, descriptionDropped: false });
  let descriptionDropped = false;
  if (value.length > MAX_COOKIE_CHARS) {
    descriptionDropped = true;
    value = sealDraft(deps.appSecret, {
      values: { ...values, description: "" },
      descriptionDropped,
    });
  }
  deps.cookies.set(BUSINESS_DRAFT_COOKIE, value, { httpOnly: true, maxAge: LIFETIME_SECONDS });
  return { values, descriptionDropped };
}

/** The kept draft, or null when there is none, or it was altered or has expired. */
export function readBusinessDraft(deps: DraftDeps): KeptDraft | null {
  const sealed = deps.cookies.get(BUSINESS_DRAFT_COOKIE);
  if (!sealed) return null;
  const [body, signature] = sealed.split(".");
  if (!body || !signature) return null;
  const expected = Buffer.from(mac(deps.appSecret, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const parsed = JSON.parse(inflateRawSync(Buffer.from(body, "base64url")).toString("utf8")) as {
      exp?: unknown;
      values?: unknown;
      descriptionDropped?: unknown;
    };
    if (typeof parsed.exp !== "number" || parsed.exp <= Date.now()) return null;
    return {
      values: onlyDraftFields(parsed.values),
      descriptionDropped: parsed.descriptionDropped === true,
    };
  } catch {
    return null;
  }
}

/** Once the business is saved, the draft has served its purpose. */
export function forgetBusinessDraft(cookies: CookieJar): void {
  if (cookies.get(BUSINESS_DRAFT_COOKIE) !== undefined) cookies.clear(BUSINESS_DRAFT_COOKIE);
}

function sealDraft(appSecret: string, draft: KeptDraft): string {
  const json = JSON.stringify({ ...draft, exp: Date.now() + LIFETIME_SECONDS * 1000 });
  const body = deflateRawSync(Buffer.from(json, "utf8")).toString("base64url");
  return `${body}.${mac(appSecret, body)}`;
}

function onlyDraftFields(value: unknown): BusinessDraft {
  const source = (value && typeof value === "object" ? value : {}) as Record<string, unknown>;
  const draft: BusinessDraft = {};
  for (const name of businessDraftFields) {
    const text = source[name];
    if (typeof text === "string") draft[name] = text;
  }
  return draft;
}

function mac(appSecret: string, body: string): string {
  return createHmac("sha256", appSecret).update(`${PURPOSE}\n${body}`).digest("base64url");
}
