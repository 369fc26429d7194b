import { eq } from "drizzle-orm";
import { z } from "zod";
import { type UserPreferences, users } from "#server/platform/auth/users.schema.ts";
import type { FunctionContext } from "#server/platform/callable/define-function.ts";
import { FunctionError } from "#server/platform/callable/function-error.ts";
import { liveUser } from "./profile-user.ts";

export const themeChoices = ["light", "dark", "auto"] as const;
/** Languages the interface is written in; the choice is stored for when more arrive. */
export const languageChoices = ["en"] as const;

export const preferencesInput = z.object({
  theme: z.enum(themeChoices).optional(),
  language: z.enum(languageChoices).optional(),
  notifyBy: z.object({ email: z.boolean(), sms: z.boolean() }).optional(),
});

export type Preferences = {
  theme: (typeof themeChoices)[number];
  language: (typeof languageChoices)[number];
  /** Null for visitors: channels belong to an account. */
  notifyBy: { email: boolean; sms: boolean } | null;
  signedIn: boolean;
};

/** Visitors' theme and language live in this cookie (a year); accounts keep theirs. */
export const PREFERENCES_COOKIE = "preferences";
const cookieSchema = z.object({
  theme: z.enum(themeChoices).optional().catch(undefined),
  language: z.enum(languageChoices).optional().catch(undefined),
});

function readCookiePreferences(ctx: FunctionContext): UserPreferences {
  const raw = ctx.cookies.get(PREFERENCES_COOKIE);
  if (!raw) return {};
  try {
    const parsed = cookieSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

function writeCookiePreferences(ctx: FunctionContext, preferences: UserPreferences): void {
  const value = JSON.stringify({ theme: preferences.theme, language: preferences.language });
  ctx.cookies.set(PREFERENCES_COOKIE, value, { httpOnly: true, maxAge: 365 * 24 * 60 * 60 });
}

function withDefaults(stored: UserPreferences, signedIn: boolean): Preferences {
  const language = languageChoices.find((l) => l === stored.language) ?? "en";
  return {
    theme: stored.theme ?? "auto",
    language,
    notifyBy: signedIn ? (stored.notifyBy ?? { email: true, sms: true }) : null,
    signedIn,
  };
}

export async function getPreferences(ctx: FunctionContext): Promise<Preferences> {
  if (!ctx.auth) return withDefaults(readCookiePreferences(ctx), false);
  const user = await liveUser(ctx.db, ctx.auth.userId);
  return withDefaults(user.preferences, true);
}

export async function updatePreferences(
  ctx: FunctionContext,
  change: z.output<typeof preferencesInput>,
): Promise<Preferences> {
  const { auth } = ctx;
  if (!auth) {
    if (change.notifyBy) {
      throw new FunctionError("UNAUTHENTICATED", "Sign in to choose how we reach you.");
    }
    const next = { ...readCookiePreferences(ctx), ...stripUndefined(change) };
    writeCookiePreferences(ctx, next);
    return withDefaults(next, false);
  }
  const next = await ctx.db.transaction(async (tx) => {
    const user = await liveUser(tx, auth.userId, true);
    const merged: UserPreferences = { ...user.preferences, ...stripUndefined(change) };
    await tx
      .update(users)
      .set({ preferences: merged, updatedAt: new Date() })
      .where(eq(users.id, auth.userId));
    return merged;
  });
  // The cookie keeps the look after signing out on this device.
  writeCookiePreferences(ctx, next);
  return withDefaults(next, true);
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
