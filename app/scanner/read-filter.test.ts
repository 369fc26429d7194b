import { describe, expect, it } from "vitest";
import { createReadFilter, SAME_CODE_WINDOW_MS } from "./read-filter.ts";

describe("the same code read again", () => {
  it("is ignored for 3 s after the read acted on, then read again", () => {
    let now = 1_000_000;
    const isNewRead = createReadFilter(SAME_CODE_WINDOW_MS, () => now);
    expect(SAME_CODE_WINDOW_MS).toBe(3000);
    expect(isNewRead("A")).toBe(true);
    now += 500;
    expect(isNewRead("A")).toBe(false);
    expect(isNewRead("B")).toBe(true);
    now += 2499;
    expect(isNewRead("A")).toBe(false);
    now += 1;
    expect(isNewRead("A")).toBe(true);
    now += 10;
    expect(isNewRead("B")).toBe(false);
  });
});
