import { describe, expect, it } from "vitest";
import { activeKeysText, dayText, keyStartText, lastUsedText } from "./api-key-text.ts";

const now = "2026-11-27T12:00:00.000Z";
const ago = (ms: number) => new Date(Date.parse(now) - ms).toISOString();

describe("the API keys' texts", () => {
  it("says when a key was last used, from never to a day", () => {
    expect(lastUsedText(null, now)).toBe("Never used");
    expect(lastUsedText(ago(20_000), now)).toBe("Used just now");
    expect(lastUsedText(ago(5 * 60_000), now)).toBe("Used 5 min ago");
    expect(lastUsedText(ago(3 * 3_600_000 + 1), now)).toBe("Used 3 h ago");
    expect(lastUsedText(ago(30 * 3_600_000), now)).toBe("Used yesterday");
    expect(lastUsedText(ago(3 * 86_400_000), now)).toBe("Used 3 days ago");
    expect(lastUsedText("2026-11-05T09:00:00.000Z", now)).toBe("Used on 5 Nov 2026");
    // A clock a little behind the database's never says "in the future".
    expect(lastUsedText("2026-11-27T12:00:05.000Z", now)).toBe("Used just now");
  });

  it("names the day, the key's start and the count", () => {
    expect(dayText("2026-01-31T23:59:00.000Z")).toBe("31 Jan 2026");
    expect(keyStartText("tk_live_AbCd")).toBe("tk_live_AbCd…");
    expect(activeKeysText(2, 20)).toBe("2 of 20 keys active");
  });
});
