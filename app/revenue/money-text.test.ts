import { describe, expect, it } from "vitest";
import { dayText } from "./money-text.ts";

describe("dayText", () => {
  it("names a day without moving it across zones", () => {
    expect(dayText("2026-11-26")).toBe("26 Nov");
  });
});
