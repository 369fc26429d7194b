import type { Auth } from "#server/platform/auth/caller.ts";

/**
 * Under NODE_ENV=test only, until real sessions exist: `test:{userId}:{role,role}` is a
 * valid bearer for that user. Anything else is a bad bearer.
 */
export async function verifyTestBearer(token: string): Promise<Auth | null> {
  const match = /^test:([\w-]{1,64}):([\w,-]*)$/.exec(token);
  if (!match?.[1]) return null;
  const roles = (match[2] ?? "").split(",").filter(Boolean);
  return { userId: match[1], sessionId: `test-session-${match[1]}`, roles };
}
