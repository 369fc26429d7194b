import { describe, expect, it } from "vitest";
import { defaultRegionFor } from "./default-region.ts";

const regions = [{ code: "GB" }, { code: "US" }, { code: "FR" }, { code: "CN" }];

describe("defaultRegionFor", () => {
  it("takes the region of the first preferred language that names a known one", () => {
    expect(defaultRegionFor("en-GB,en;q=0.9", regions)).toBe("GB");
    expect(defaultRegionFor("fr, fr-FR;q=0.8", regions)).toBe("FR");
    expect(defaultRegionFor("zh-Hans-CN", regions)).toBe("CN");
  });

  it("falls back to the United States", () => {
    expect(defaultRegionFor(null, regions)).toBe("US");
    expect(defaultRegionFor("de-DE", regions)).toBe("US");
    expect(defaultRegionFor("en", regions)).toBe("US");
  });
});
