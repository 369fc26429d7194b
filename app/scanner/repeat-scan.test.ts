import { describe, expect, it } from "vitest";
import type { CheckedVerdict } from "#app/door-offline/use-offline-door.ts";
import { createRepeatMemory, REPEAT_WINDOW_MS } from "./repeat-scan.ts";

const admitted: CheckedVerdict = {
  offline: false,
  verdict: {
    verdict: "admitted",
    message: "Admitted.",
    ticket: { id: "t1", attendeeName: "Nora Walker", ticketTypeName: "Standing" },
    event: { id: "e1", title: "Night of Tests" },
    checkIn: null,
  },
};
const amber: CheckedVerdict = {
  offline: false,
  verdict: { ...admitted.verdict, verdict: "already-checked-in", message: "Already in." },
};

describe("the repeat rule (a code read again within 30 s on this device)", () => {
  it("recalls the first verdict until 30 s after it, then lets the code be checked again", () => {
    let now = 1_000_000;
    const memory = createRepeatMemory(REPEAT_WINDOW_MS, () => now);
    expect(memory.recall("CODE")).toBeNull();
    memory.remember("CODE", admitted);
    now += 3_000;
    expect(memory.recall("CODE")).toBe(admitted);
    now += REPEAT_WINDOW_MS - 3_001;
    expect(memory.recall("CODE")).toBe(admitted);
    now += 1;
    expect(memory.recall("CODE")).toBeNull();
  });

  it("keeps the first verdict, not a later one, and each code apart", () => {
    let now = 0;
    const memory = createRepeatMemory(REPEAT_WINDOW_MS, () => now);
    memory.remember("A", admitted);
    now += 10_000;
    memory.remember("A", amber);
    memory.remember("B", amber);
    expect(memory.recall("A")).toBe(admitted);
    expect(memory.recall("B")).toBe(amber);
    now += 20_000;
    expect(memory.recall("A")).toBeNull();
    expect(memory.recall("B")).toBe(amber);
  });
});
