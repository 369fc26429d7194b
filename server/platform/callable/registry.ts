import type { z } from "zod";
import type { Auth } from "#server/platform/auth/caller.ts";
import type { Executor } from "#server/platform/db/database.ts";
import type {
  Access,
  AnyFunctionDefinition,
  ApiExposure,
  FunctionContext,
  MemberAccess,
  Membership,
} from "./define-function.ts";
import { FunctionError } from "./function-error.ts";
import { safeTextInput } from "./safe-text.ts";

export type Registry = {
  has(name: string): boolean;
  /** What a function offers API keys (its `api`), or undefined: not for keys, or no such name. */
  exposure(name: string): ApiExposure<unknown> | undefined;
  /** Validates input, checks access, runs the handler. Throws FunctionError. */
  invoke(name: string, data: unknown, ctx: FunctionContext): Promise<unknown>;
};

/**
 * Finds the caller's role in one thing of a scope (an event, a team…), or null when they
 * have none there. Looked up on every call: a member removed a moment ago is refused on
 * their very next request, whatever their session or token says.
 */
export type MembershipResolver = (
  db: Executor,
  auth: Auth,
  id: string,
) => Promise<{ role: string } | null>;

export type RegistryOptions = {
  /** Resolvers by scope, for functions whose access is `{ member: scope, … }`. */
  membership?: Record<string, MembershipResolver>;
};

/** `details` of INVALID_ARGUMENT: one entry per failing field, with its path. */
export function describeIssues(error: z.ZodError): { path: string; message: string }[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join("."),
    message: issue.message,
  }));
}

const isMemberAccess = (access: Access): access is MemberAccess =>
  typeof access === "object" && "member" in access;

function checkAccess(definition: AnyFunctionDefinition, auth: Auth | null): void {
  const access = definition.access;
  if (access === "public") return;
  if (!auth) throw new FunctionError("UNAUTHENTICATED", "Please sign in to continue.");
  if (access === "signed-in" || isMemberAccess(access)) return;
  if (!auth.roles.includes(access.role)) {
    throw new FunctionError("PERMISSION_DENIED", "You are not allowed to do this.");
  }
}

/**
 * What an API key may call (decision 038): only functions exposed to keys, each with the
 * scope it names among the key's. Before the input is parsed, as access is: a key learns
 * nothing of a function it may not call.
 */
function checkApiKey(definition: AnyFunctionDefinition, auth: Auth | null): void {
  if (!auth?.apiKey) return;
  const api = definition.api;
  if (!api) {
    throw new FunctionError("PERMISSION_DENIED", `API keys cannot call ${definition.name}.`);
  }
  if (!auth.apiKey.scopes.includes(api.scope)) {
    throw new FunctionError(
      "PERMISSION_DENIED",
      `This API key does not have the ${api.scope} scope.`,
      { reason: "scope", scope: api.scope },
    );
  }
}

/**
 * The membership rule, after the input is parsed (it names the thing). Not a member, or
 * not in one of the roles asked: NOT_FOUND, so nobody learns what exists elsewhere. An API
 * key acts for its business only: it counts as a member only where that business is the
 * owner, never through a team its owner is in elsewhere.
 */
async function checkMembership(
  access: MemberAccess,
  resolve: MembershipResolver,
  data: unknown,
  ctx: FunctionContext & { auth: Auth },
): Promise<Membership> {
  const id = (data as Record<string, unknown> | null)?.[access.id];
  const found = typeof id === "string" ? await resolve(ctx.db, ctx.auth, id) : null;
  if (!found || !roleMayCall(access, found.role, ctx.auth)) {
    throw new FunctionError("NOT_FOUND", "Not found.");
  }
  return { scope: access.member, id: id as string, role: found.role };
}

/**
 * The role every membership resolver gives the owner of the business a thing belongs to
 * (server/modules/teams/team-access.ts): the only one an API key may act in.
 */
export const OWNER_ROLE = "owner";

function roleMayCall(access: MemberAccess, role: string, auth: Auth): boolean {
  if (access.roles && !access.roles.includes(role)) return false;
  return !auth.apiKey || role === OWNER_ROLE;
}

export function createRegistry(
  definitions: readonly AnyFunctionDefinition[],
  options: RegistryOptions = {},
): Registry {
  const byName = new Map<string, AnyFunctionDefinition>();
  const inputs = new Map<string, z.ZodType>();
  for (const definition of definitions) {
    if (byName.has(definition.name)) throw new Error(`Function defined twice: ${definition.name}`);
    const access = definition.access;
    // Fails at start, not at the first call: a rule nobody can check would let nobody in.
    if (isMemberAccess(access) && !options.membership?.[access.member]) {
      throw new Error(`${definition.name}: no membership resolver for "${access.member}"`);
    }
    byName.set(definition.name, definition);
    inputs.set(definition.name, safeTextInput.pipe(definition.input));
  }
  return {
    has: (name) => byName.has(name),
    exposure: (name) => byName.get(name)?.api,
    async invoke(name, data, ctx) {
      const definition = byName.get(name);
      if (!definition) throw new FunctionError("NOT_FOUND", `No function named ${name}.`);
      // Access before input: an anonymous caller learns nothing about a function's schema.
      checkAccess(definition, ctx.auth);
      checkApiKey(definition, ctx.auth);
      const parsed = (inputs.get(name) as z.ZodType).safeParse(data);
      if (!parsed.success) {
        throw new FunctionError(
          "INVALID_ARGUMENT",
          "Some of the information sent is not valid.",
          describeIssues(parsed.error),
        );
      }
      const access = definition.access;
      if (isMemberAccess(access) && ctx.auth) {
        const resolve = options.membership?.[access.member] as MembershipResolver;
        const membership = await checkMembership(
          access,
          resolve,
          parsed.data,
          extended(ctx, { auth: ctx.auth }),
        );
        return definition.handler(parsed.data, extended(ctx, { membership }));
      }
      return definition.handler(parsed.data, ctx);
    },
  };
}

/**
 * The context with more fields, its own getters kept as getters (a spread would call
 * them: the request's logger is made only when a handler uses it).
 */
function extended<T extends object, E extends object>(base: T, extra: E): T & E {
  const copy = Object.defineProperties({}, Object.getOwnPropertyDescriptors(base));
  return Object.assign(copy, extra) as T & E;
}
