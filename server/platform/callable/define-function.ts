import type { z } from "zod";
import type { ApiScope } from "#contract/api-keys.ts";
import type { Auth, ClientInfo } from "#server/platform/auth/caller.ts";
import type { Database } from "#server/platform/db/database.ts";
import type { CookieJar } from "#server/platform/http/cookie-jar.ts";
import type { Logger } from "#server/platform/runtime/logger.ts";
import type { Services } from "#server/platform/runtime/services.ts";

/**
 * "A member of what the input names": `{ member: "event", id: "eventId" }` lets a
 * signed-in caller through when the resolver of scope `event` finds them a member of the
 * event named by the input's `eventId` (e.g. of a team assigned to it), with one of
 * `roles` when given. Anyone else gets NOT_FOUND, as if it did not exist. Scopes and
 * their resolvers are given to the registry by the modules that own them.
 */
export type MemberAccess = { member: string; id: string; roles?: readonly string[] };

/** What a scope's resolver found: the caller's role there (e.g. coordinator). */
export type Membership = { scope: string; id: string; role: string };

/**
 * Who may call a function. `public`: anyone; `signed-in`: any valid bearer;
 * `{ role }`: a signed-in caller holding that role; `{ member }`: see MemberAccess,
 * checked in the registry before the handler runs. Finer rules (ownership of a business)
 * are checked by the handler with FunctionError.
 */
export type Access = "public" | "signed-in" | { role: string } | MemberAccess;

export type FunctionContext = {
  auth: Auth | null;
  requestId: string;
  log: Logger;
  db: Database;
  /** Optional `Firebase-Instance-ID-Token` header (messaging registration token). */
  instanceIdToken?: string;
  /** Optional `X-Firebase-AppCheck` header. */
  appCheckToken?: string;
  /** Aborted when the caller goes away. */
  signal: AbortSignal;
  /** True when the caller asked for a stream (`Accept: text/event-stream`). */
  acceptsStreaming: boolean;
  /** Sends one streamed `message`; does nothing for a plain call. */
  sendChunk(message: unknown): void;
  /** The caller's IP and user agent. */
  client: ClientInfo;
  /** The response's cookies: how signing in and out reach a browser, from a page or the API. */
  cookies: CookieJar;
  /** The platform's capabilities: settings, auth, messages, rate limits. */
  services: Services;
};

export type ContextFor<A extends Access> = A extends "public"
  ? FunctionContext
  : A extends MemberAccess
    ? FunctionContext & { auth: Auth; membership: Membership }
    : FunctionContext & { auth: Auth };

/**
 * A function that API keys may call (decision 038): the scope a key needs, whether it
 * writes (writes take an Idempotency-Key), a line for the reference page, and the schema
 * of its answer as JSON (the reference page shows it; a test holds the answer to it).
 */
export type ApiExposure<O> = {
  scope: ApiScope;
  write?: true;
  summary: string;
  output: z.ZodType<NoInfer<Awaited<O>>>;
};

export type FunctionDefinition<
  N extends string = string,
  I extends z.ZodType = z.ZodType,
  O = unknown,
  A extends Access = Access,
> = {
  name: N;
  input: I;
  access: A;
  /** Set on the functions an API key may call; absent: pages and apps only. */
  api?: ApiExposure<O>;
  handler(data: z.output<I>, ctx: ContextFor<A>): O | Promise<O>;
};

/** Declares a named function; the registry is its one entry point, for HTTP and pages. */
export function defineFunction<
  const N extends string,
  I extends z.ZodType,
  O,
  const A extends Access,
>(definition: FunctionDefinition<N, I, O, A>): FunctionDefinition<N, I, O, A> {
  return definition;
}

// biome-ignore lint/suspicious/noExplicitAny: a list of definitions of any input and output
export type AnyFunctionDefinition = FunctionDefinition<string, z.ZodType, any, any>;

/** Name → input and output types, for the page-side client. */
export type FunctionTypes<Defs extends readonly AnyFunctionDefinition[]> = {
  [D in Defs[number] as D["name"]]: {
    input: z.input<D["input"]>;
    output: Awaited<ReturnType<D["handler"]>>;
  };
};
