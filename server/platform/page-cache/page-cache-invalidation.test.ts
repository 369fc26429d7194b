import { describe, expect, it } from "vitest";
import type { FunctionContext } from "#server/platform/callable/define-function.ts";
import type { Registry } from "#server/platform/callable/registry.ts";
import type { PageCache } from "./page-cache.ts";
import { invalidatingRegistry } from "./page-cache-invalidation.ts";

/** What the observed registry told the cache after each function, by name. */
async function toldAfter(name: string, succeeds = true): Promise<string[]> {
  const told: string[] = [];
  const cache = {
    invalidate: () => told.push("invalidate"),
    availabilityChanged: () => told.push("availability"),
  } as unknown as PageCache;
  const registry: Registry = {
    has: () => true,
    exposure: () => undefined,
    invoke: async () => {
      if (!succeeds) throw new Error("refused");
      return null;
    },
  };
  await invalidatingRegistry(registry, cache)
    .invoke(name, {}, {} as FunctionContext)
    .catch(() => {});
  return told;
}

describe("the page cache, emptied by the functions that change public pages", () => {
  it("empties at once on an edit and within its life on a change of availability", async () => {
    expect(await toldAfter("events.update")).toEqual(["invalidate"]);
    expect(await toldAfter("holds.create")).toEqual(["availability"]);
    expect(await toldAfter("sessions.viewer")).toEqual([]);
    expect(await toldAfter("holds.create", false)).toEqual([]);
  });

  it("counts the waiting list's functions as availability: while anyone waits, the type is sold out", async () => {
    for (const name of [
      "waitingList.join",
      "waitingList.leave",
      "waitingList.offer",
      "waitingList.configure",
    ]) {
      expect({ name, told: await toldAfter(name) }).toEqual({ name, told: ["availability"] });
    }
    expect(await toldAfter("waitingList.forEvent")).toEqual([]);
  });
});
