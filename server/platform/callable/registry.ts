import type { z } from "zod";
import type { AnyFunctionDefinition, Auth, FunctionContext } from "./define-function.ts";
import { FunctionError } from "./function-error.ts";

export type Registry = {
  has(name: string): boolean;
  /** Validates input, checks access, runs the handler. Throws FunctionError. */
  invoke(name: string, data: unknown, ctx: FunctionContext): Promise<unknown>;
};

/** `details` of INVALID_ARGUMENT: one entry per failing field, with its path. */
export function describeIssues(error: z.ZodError): { path: string; message: string }[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join("."),
    message: issue.message,
  }));
}

function checkAccess(definition: AnyFunctionDefinition, auth: Auth | null): void {
  const access = definition.access;
  if (access === "public") return;
  if (!auth) throw new FunctionError("UNAUTHENTICATED", "Please sign in to continue.");
  if (access === "signed-in") return;
  if (!auth.roles.includes(access.role)) {
    throw new FunctionError("PERMISSION_DENIED", "You are not allowed to do this.");
  }
}

export function createRegistry(definitions: readonly AnyFunctionDefinition[]): Registry {
  const byName = new Map<string, AnyFunctionDefinition>();
  for (const definition of definitions) {
    if (byName.has(definition.name)) throw new Error(`Function defined twice: ${definition.name}`);
    byName.set(definition.name, definition);
  }
  return {
    has: (name) => byName.has(name),
    async invoke(name, data, ctx) {
      const definition = byName.get(name);
      if (!definition) throw new FunctionError("NOT_FOUND", `No function named ${name}.`);
      // Access before input: an anonymous caller learns nothing about a function's schema.
      checkAccess(definition, ctx.auth);
      const parsed = definition.input.safeParse(data);
      if (!parsed.success) {
        throw new FunctionError(
          "INVALID_ARGUMENT",
          "Some of the information sent is not valid.",
          describeIssues(parsed.error),
        );
      }
      return definition.handler(parsed.data, ctx);
    },
  };
}
