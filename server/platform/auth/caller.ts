/** Who is calling, as proven by the bearer token (pages: by the session cookies). */
export type Auth = { userId: string; sessionId: string; roles: readonly string[] };

/** The caller's network identity, for sessions' device lists and per-IP rate limits. */
export type ClientInfo = { ip: string; userAgent: string | null };
