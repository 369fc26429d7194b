import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { demoCover } from "./demo-covers.ts";
import { demoEvents } from "./demo-events.ts";

describe("demo covers", () => {
  it("draws a different cover for every demo event, the same one for the same title", async () => {
    const covers = await Promise.all(demoEvents.map((e) => demoCover(e.category, e.title)));
    const digests = covers.map((c) => createHash("sha256").update(c.small).digest("hex"));
    expect(new Set(digests).size).toBe(demoEvents.length);
    const first = demoEvents[0];
    if (!first) throw new Error("no demo events");
    const again = await demoCover(first.category, first.title);
    expect(Buffer.from(again.small).equals(Buffer.from(covers[0]?.small ?? []))).toBe(true);
  });
});
