import { describe, expect, it } from "vitest";
import {
  heldForYouText,
  offerBlocker,
  placeText,
  statusLabels,
  typeSummary,
} from "./waiting-list-text.ts";

describe("waiting list text", () => {
  it("says how many tickets a place is for and how many are ahead", () => {
    expect(placeText({ quantity: 2, ahead: 3 })).toBe(
      "On the waiting list for 2 tickets · 3 people ahead of you.",
    );
    expect(placeText({ quantity: 1, ahead: 0 })).toBe(
      "On the waiting list for 1 ticket · You are next in line.",
    );
  });

  it("agrees the verb of an offer with its number of tickets", () => {
    expect(heldForYouText(1)).toBe("1 ticket is held for you until");
    expect(heldForYouText(3)).toBe("3 tickets are held for you until");
  });

  it("refuses an offer by hand when no ticket is free, and only then", () => {
    expect(offerBlocker({ free: 0 })).toMatch(/No tickets are free/);
    expect(offerBlocker({ free: 1 })).toBeNull();
  });

  it("labels every status and sums up a type", () => {
    expect(Object.values(statusLabels).every((label) => label.length > 0)).toBe(true);
    expect(typeSummary({ waiting: 3, offered: 1, free: 0 })).toBe("3 waiting · 1 offered · 0 free");
  });
});
