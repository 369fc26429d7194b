import { describe, expect, it } from "vitest";
import { offlinePage, titleOf } from "./offline-page.ts";

describe("the offline answer page", () => {
  it("links to the kept door pages, their titles escaped", () => {
    const html = offlinePage([
      { url: "/team_coordinator/check_in/scanner/e1", title: "Scanner: Rock & <Roll>" },
    ]);
    expect(html).toContain(
      '<a href="/team_coordinator/check_in/scanner/e1">Scanner: Rock &amp; &lt;Roll&gt;</a>',
    );
    expect(html).toContain("not opened online on this device yet");
  });

  it("loads nothing: no script, style sheet, image or frame", () => {
    const html = offlinePage([{ url: "/a", title: "A" }]);
    expect(html).not.toMatch(/<script|<link|<img|<iframe|src=/i);
  });

  it("says so when no door page is kept", () => {
    expect(offlinePage([])).toContain("No door page was opened online on this device yet.");
  });

  it("reads a kept page's title, or names it by its path", () => {
    expect(titleOf("<html><title>Scanner: Rock &amp; Roll</title>", "https://x.example/a")).toBe(
      "Scanner: Rock & Roll",
    );
    expect(titleOf("<html></html>", "https://x.example/team_coordinator/check_in/e1")).toBe(
      "/team_coordinator/check_in/e1",
    );
  });
});
