import { describe, expect, it } from "vitest";
import { type ApiFunctionReference, apiScopes } from "#contract/api-keys.ts";
import { type WebhookTypeReference, webhookEventTypes } from "#contract/webhooks.ts";
import { appFunctions, membershipResolvers } from "#server/functions.ts";
import type {
  AnyFunctionDefinition,
  FunctionContext,
} from "#server/platform/callable/define-function.ts";
import { createRegistry } from "#server/platform/callable/registry.ts";

// `api.reference` is public and reads no database: a visitor's context with no services.
const visitor = { auth: null } as unknown as FunctionContext;
const registry = createRegistry(appFunctions, { membership: membershipResolvers });
const reference = async () =>
  (await registry.invoke("api.reference", null, visitor)) as {
    functions: ApiFunctionReference[];
    webhooks: WebhookTypeReference[];
  };

const exposed = (appFunctions as readonly AnyFunctionDefinition[]).filter((d) => d.api);
const byName = (functions: ApiFunctionReference[], name: string) => {
  const found = functions.find((f) => f.name === name);
  if (!found) throw new Error(`${name} is not in the reference`);
  return found;
};
// biome-ignore lint/suspicious/noExplicitAny: reading into generated JSON Schema
type Schema = any;

describe("api.reference", () => {
  it("lists exactly the functions a key may call, by scope then name, for anyone", async () => {
    const { functions } = await reference();
    expect(functions.map((f) => f.name).sort()).toEqual(exposed.map((d) => d.name).sort());
    const order = (f: ApiFunctionReference) => [apiScopes.indexOf(f.scope), f.name] as const;
    const sorted = [...functions].sort((a, b) => {
      const [sa, na] = order(a);
      const [sb, nb] = order(b);
      return sa - sb || (na < nb ? -1 : na > nb ? 1 : 0);
    });
    expect(functions.map((f) => f.name)).toEqual(sorted.map((f) => f.name));
    expect(functions[0]?.name).toBe("events.getForOwner");
    expect(functions.at(-1)?.name).toBe("checkin.stats");
    expect(functions.map((f) => f.name)).not.toContain("events.cancel");
    expect(functions.map((f) => f.name)).not.toContain("api.reference");
  });

  it("gives each its scope, whether it writes, a summary, and JSON Schemas of input and output", async () => {
    const { functions } = await reference();
    for (const f of functions) {
      const definition = exposed.find((d) => d.name === f.name);
      expect(f.scope).toBe(definition?.api?.scope);
      expect(f.write).toBe(definition?.api?.write === true);
      expect(f.summary.length).toBeGreaterThan(10);
      expect(f.input.$schema).toBe("https://json-schema.org/draft/2020-12/schema");
      expect(f.output.$schema).toBe("https://json-schema.org/draft/2020-12/schema");
      expect(f.output.type).toBe("object");
    }
    expect(byName(functions, "checkin.scan").write).toBe(true);
    expect(byName(functions, "orders.get").write).toBe(false);
  });

  it("describes inputs as the caller sends them: defaults optional, required fields required", async () => {
    const list: Schema = byName((await reference()).functions, "orders.list").input;
    expect(list.required).toEqual(["eventId"]);
    expect(list.properties.limit).toMatchObject({ type: "integer", minimum: 1, maximum: 100 });
    const created: Schema = byName((await reference()).functions, "events.create").input;
    expect(created.properties.startsLocal).toMatchObject({ type: "string" });
    expect(created.properties).not.toHaveProperty("startsAt");
    expect(created.properties.startsLocal.description).toMatch(/event's time zone/);
    const type: Schema = byName((await reference()).functions, "ticketTypes.create").input;
    expect(type.properties.priceMinor.description).toMatch(/minor units/);
  });

  it("describes outputs strictly, with what a field means", async () => {
    const order: Schema = byName((await reference()).functions, "orders.get").output;
    expect(order.additionalProperties).toBe(false);
    expect(order.required).toContain("totalMinor");
    expect(order.properties.totalMinor).toMatchObject({ type: "integer" });
    expect(order.properties.totalMinor.description).toMatch(/minor units/);
    const scan: Schema = byName((await reference()).functions, "checkin.scan").output;
    expect(scan.required).not.toContain("reason");
    expect(scan.properties.checkIn.anyOf[0].properties.at).toMatchObject({
      type: "string",
      format: "date-time",
    });
  });

  it("is built once and survives JSON", async () => {
    const first = await reference();
    expect(await reference()).toBe(first);
    expect(JSON.parse(JSON.stringify(first))).toEqual(first);
  });

  it("lists every kind of webhook event with its data as strict JSON Schema", async () => {
    const { webhooks } = await reference();
    expect(webhooks.map((w) => w.type)).toEqual([...webhookEventTypes]);
    const paid = webhooks.find((w) => w.type === "order.paid") as { data: Schema; label: string };
    expect(paid.label).toBe("Order paid");
    expect(paid.data.additionalProperties).toBe(false);
    expect(paid.data.required).toEqual(["orderId", "eventId", "amountMinor", "currency"]);
    expect(paid.data.properties.amountMinor).toMatchObject({
      type: "integer",
      description: "Integer minor units (pence, cents).",
    });
  });
});
