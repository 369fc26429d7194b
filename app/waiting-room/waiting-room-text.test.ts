import { describe, expect, it } from "vitest";
import { aheadText, countdownText, formatCount, waitText } from "./waiting-room-text.ts";

describe("the waiting room's words", () => {
  it("counts down as a clock, whole days when far off", () => {
    expect(countdownText(133_000)).toBe("2:13");
    expect(countdownText(3_733_000)).toBe("1:02:13");
    expect(countdownText(400)).toBe("0:01");
    expect(countdownText(-5)).toBe("0:00");
    expect(countdownText(3 * 86_400_000)).toBe("3 days");
  });

  it("estimates the wait from the recent pace, and says so when there is none yet", () => {
    expect(waitText(60, 10)).toBe("about 6 minutes");
    expect(waitText(5, 10)).toBe("about a minute");
    expect(waitText(125, 1)).toBe("about 2 hours 5 minutes");
    expect(waitText(60, 1)).toBe("about 1 hour");
    expect(waitText(60, 0)).toBe("working out your wait");
    expect(waitText(0, 0)).toBe("any moment now");
  });

  it("writes places and people with thousands separated", () => {
    expect(formatCount(1234)).toBe("1,234");
    expect(aheadText(1233)).toBe("1,233 people are ahead of you.");
    expect(aheadText(1)).toBe("1 person is ahead of you.");
    expect(aheadText(0)).toBe("Nobody is ahead of you.");
  });
});
