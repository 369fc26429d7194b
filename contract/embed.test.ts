import { describe, expect, it } from "vitest";
import { embedPath, embedSnippets, embedThemeOf, isEmbedPath } from "./embed.ts";

describe("the widget's addresses", () => {
  it("names one event's widget, and only such a path is a widget's", () => {
    expect(embedPath("k3f24pkg")).toBe("/embed/k3f24pkg");
    expect(isEmbedPath("/embed/k3f24pkg")).toBe(true);
    for (const other of ["/embed", "/embed/", "/embed/a/b", "/embedded/a", "/k3f24pkg", "/"]) {
      expect(isEmbedPath(other), other).toBe(false);
    }
  });

  it("takes only light or dark from ?theme=, anything else follows the system", () => {
    expect(embedThemeOf("dark")).toBe("dark");
    expect(embedThemeOf("light")).toBe("light");
    for (const other of [null, undefined, "", "Dark", "auto", "<script>"]) {
      expect(embedThemeOf(other)).toBeNull();
    }
  });
});

describe("the snippets the console offers", () => {
  it("loads the script from the site, and frames the widget with the event's title escaped", () => {
    const snippets = embedSnippets("https://tickets.example", "k3f24pkg", 'Rock & "Roll" <Live>');
    expect(snippets.script).toBe(
      '<script src="https://tickets.example/embed.js" data-event="k3f24pkg" async></script>',
    );
    expect(snippets.iframe).toContain('src="https://tickets.example/embed/k3f24pkg"');
    expect(snippets.iframe).toContain('title="Tickets: Rock &amp; &quot;Roll&quot; &lt;Live>"');
    expect(snippets.iframe).not.toContain('"Roll"');
  });
});
