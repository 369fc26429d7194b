import { describe, expect, it } from "vitest";
import { canonicalTimeZone, timeZoneChoices } from "./time-zones.ts";

describe("timeZoneChoices", () => {
  it("offers current IANA names, not the old aliases ICU still lists", () => {
    const zones = timeZoneChoices();
    for (const zone of ["Africa/Asmara", "America/Nuuk", "Asia/Kolkata", "Europe/Kyiv", "UTC"]) {
      expect(zones).toContain(zone);
    }
    for (const alias of ["Africa/Asmera", "America/Godthab", "Asia/Calcutta", "Europe/Kiev"]) {
      expect(zones).not.toContain(alias);
    }
    // Each offered name is one Intl understands.
    for (const zone of zones)
      expect(() => new Intl.DateTimeFormat("en", { timeZone: zone })).not.toThrow();
  });

  it("keeps a zone an event already uses, even an old name", () => {
    expect(timeZoneChoices("Asia/Calcutta")).toContain("Asia/Calcutta");
  });

  it("maps a browser's old name to the current one", () => {
    expect(canonicalTimeZone("Asia/Saigon")).toBe("Asia/Ho_Chi_Minh");
    expect(canonicalTimeZone("Europe/Paris")).toBe("Europe/Paris");
  });
});
