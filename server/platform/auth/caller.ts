import type { ApiScope } from "#contract/api-keys.ts";

/**
 * Who is calling, as proven by the bearer token (pages: by the session cookies). A call
 * made with an API key (decision 038) acts as its business's owner, with no roles, and
 * carries `apiKey`: the registry lets it call only the functions its scopes name.
 */
export type Auth = {
  userId: string;
  sessionId: string;
  roles: readonly string[];
  apiKey?: ApiKeyGrant;
};

/** What an API key grants: its business and scopes (`sessionId` is the key's id). */
export type ApiKeyGrant = { id: string; businessId: string; scopes: readonly ApiScope[] };

/** The caller's network identity, for sessions' device lists and per-IP rate limits. */
export type ClientInfo = { ip: string; userAgent: string | null };
