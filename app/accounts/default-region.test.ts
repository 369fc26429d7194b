import { describe, expect, it } from "vitest";
import { defaultRegionFor } from "./default-region.ts";

const regions = [{ code: "GB" }, { code: "US" }, { code: "FR" }, { code: "CN" }];

describe("defaultRegionFor", () => {
  it("takes the region of the first preferred language that names a known one", () => {
    expect(defaultRegionFor("en-GB,en;q=0.9", regions, "US")).toBe("GB");
    expect(defaultRegionFor("fr, fr-FR;q=0.8", regions, "US")).toBe("FR");
    expect(defaultRegionFor("zh-Hans-CN", regions, "US")).toBe("CN");
    expect(defaultRegionFor("en-GB", regions, "FR")).toBe("GB");
  });

  it("falls back to the deployment's country, not the United States", () => {
    expect(defaultRegionFor(null, regions, "FR")).toBe("FR");
    expect(defaultRegionFor("de-DE", regions, "GB")).toBe("GB");
    expect(defaultRegionFor("en", regions, "CN")).toBe("CN");
    expect(defaultRegionFor("en", regions, "US")).toBe("US");
  });
});
