import type { UserPreferences } from "#server/platform/auth/users.schema.ts";

export const noticeChannels = ["app", "email", "sms"] as const;
export type NoticeChannel = (typeof noticeChannels)[number];

/** What decides how a person can be reached (a users row, in part). */
export type Reachable = {
  email: string | null;
  emailVerifiedAt: Date | null;
  phone: string | null;
  phoneVerifiedAt: Date | null;
  preferences: UserPreferences;
  deletedAt: Date | null;
};

/**
 * The channels of one notice to one person, the one rule every message follows:
 * in-app always; email to a verified address when their settings allow it; SMS to a
 * verified phone when their settings allow it (unset settings mean yes, as `/setting`
 * shows them). `always` (an event moved or cancelled: not marketing) takes every channel
 * the person has, whatever the settings; `smsAllowed: false` (the business's plan) none
 * by SMS. A deleted account gets nothing.
 */
export function chooseChannels(
  person: Reachable,
  notice: { always?: boolean; smsAllowed?: boolean },
): NoticeChannel[] {
  if (person.deletedAt) return [];
  const wants = person.preferences.notifyBy ?? { email: true, sms: true };
  const channels: NoticeChannel[] = ["app"];
  if (person.email && person.emailVerifiedAt && (notice.always || wants.email !== false)) {
    channels.push("email");
  }
  if (
    notice.smsAllowed !== false &&
    person.phone &&
    person.phoneVerifiedAt &&
    (notice.always || wants.sms !== false)
  ) {
    channels.push("sms");
  }
  return channels;
}
