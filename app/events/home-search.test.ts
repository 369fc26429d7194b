import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader } from "#app/routes/home.tsx";
import { type ServerContext, serverContext } from "#app/server-context.ts";
import { eventDiscoveryFunctions } from "#server/modules/events/event-discovery.functions.ts";
import type { FunctionContext } from "#server/platform/callable/define-function.ts";
import { createRegistry } from "#server/platform/callable/registry.ts";
import { type TestDatabase, testDatabases } from "#tests/support/databases.ts";

/** The home page's loader, on the real search function, for a URL of the visitor's making. */
describe("the home page's list of events", () => {
  let database: TestDatabase;
  let load: (search: string) => ReturnType<typeof loader>;

  beforeAll(async () => {
    database = await (testDatabases[0] as (typeof testDatabases)[number]).open();
    const registry = createRegistry(eventDiscoveryFunctions);
    const ctx = {
      auth: null,
      db: database.db,
      services: { settings: {} },
    } as unknown as FunctionContext;
    const server = {
      invoke: (name: string, data: unknown) => registry.invoke(name, data, ctx),
    } as unknown as ServerContext;
    load = (search) => {
      const context = new RouterContextProvider();
      context.set(serverContext, server);
      const request = new Request(`http://localhost/${search}`);
      return loader({ request, context, params: {} } as unknown as Parameters<typeof loader>[0]);
    };
  });
  afterAll(() => database?.dispose());

  it("lists events without each bad filter and names them all, even when one check hides another", async () => {
    const { errors, result } = await load("?category=zz&from=%00");
    expect(Object.keys(errors).sort()).toEqual(["category", "from"]);
    expect(errors.category).toBe("Choose a category from the list.");
    expect(result.events).toEqual([]);
  });

  it("keeps the good filters while dropping a bad one", async () => {
    const { values, errors } = await load("?q=jazz&from=2026-02-30");
    expect(values.q).toBe("jazz");
    expect(Object.keys(errors)).toEqual(["from"]);
  });
});
