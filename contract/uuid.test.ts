import { describe, expect, it } from "vitest";
import { isUuid } from "./uuid.ts";

describe("isUuid", () => {
  it("accepts a canonical uuid in either case", () => {
    expect(isUuid("0b6f3a52-1c1e-4c4a-9d7e-2f0c1a2b3c4d")).toBe(true);
    expect(isUuid("0B6F3A52-1C1E-4C4A-9D7E-2F0C1A2B3C4D")).toBe(true);
  });

  it("refuses anything PostgreSQL could not cast as a row id", () => {
    expect(isUuid("")).toBe(false);
    expect(isUuid("not-a-uuid")).toBe(false);
    expect(isUuid("0b6f3a52-1c1e-4c4a-9d7e-2f0c1a2b3c4")).toBe(false);
    expect(isUuid("0b6f3a52-1c1e-4c4a-9d7e-2f0c1a2b3c4d ")).toBe(false);
    expect(isUuid("0b6f3a521c1e4c4a9d7e2f0c1a2b3c4d")).toBe(false);
    expect(isUuid("zb6f3a52-1c1e-4c4a-9d7e-2f0c1a2b3c4d")).toBe(false);
  });
});
