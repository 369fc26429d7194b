// API keys for organisers' own systems (issue 30, decision 038). Made on the console page
// `/business/api-keys` (server/modules/api-keys); a key calls the same callable functions
// as the pages, `POST /api/fn/{name}` with `Authorization: Bearer <key>`, limited to its
// business and its scopes. The functions a key may call are listed, with their inputs and
// outputs, at `/developers/api`, generated from the functions' own schemas.

/** What a key may do. A function a key may call names one scope (its `api.scope`). */
export const apiScopes = ["events:read", "events:write", "orders:read", "checkin"] as const;
export type ApiScope = (typeof apiScopes)[number];

export const apiScopeLabels: Record<ApiScope, string> = {
  "events:read": "Read events",
  "events:write": "Write events",
  "orders:read": "Read orders",
  checkin: "Check in",
};

export const apiScopeHints: Record<ApiScope, string> = {
  "events:read": "List your events and read one with its ticket types.",
  "events:write": "Create and change events and ticket types, publish and unpublish.",
  "orders:read": "List an event's orders and read one.",
  checkin: "Check tickets in at the door, search them and read the door's counts.",
};

/** Every key starts with this, so a leaked one is easy to recognise (and to scan for). */
export const API_KEY_PREFIX = "tk_live_";
/** How much of a key the console shows after it is made: the prefix and 4 more characters. */
export const API_KEY_SHOWN_LENGTH = API_KEY_PREFIX.length + 4;
export const MAX_API_KEYS = 20;
export const MAX_API_KEY_NAME = 60;

/** A key as its business sees it. The secret itself is shown once, when it is made. */
export type ApiKeyView = {
  id: string;
  name: string;
  scopes: ApiScope[];
  /** The first characters of the key (`tk_live_AbCd`), to tell keys apart. */
  start: string;
  createdAt: string;
  /** The last call made with it (to the minute), or null. */
  lastUsedAt: string | null;
  revokedAt: string | null;
};

/** `apiKeys.create`'s answer: the key's view and, this once, the whole key. */
export type CreatedApiKey = { key: ApiKeyView; secret: string };

/** The header a write takes to be done once however often it is sent (kept 24 hours). */
export const IDEMPOTENCY_HEADER = "Idempotency-Key";
export const IDEMPOTENCY_KEY_MAX = 255;
export const IDEMPOTENCY_HOURS = 24;

/** A JSON Schema (draft 2020-12), as generated from a function's zod schema. */
export type JsonSchema = { [key: string]: unknown };

/** One function of the reference page (`api.reference`). */
export type ApiFunctionReference = {
  name: string;
  scope: ApiScope;
  /** Writes change data and take an Idempotency-Key. */
  write: boolean;
  summary: string;
  input: JsonSchema;
  output: JsonSchema;
};
