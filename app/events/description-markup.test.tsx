import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import {
  descriptionAsPlainText,
  parseDescription,
  parseInline,
} from "#contract/description-markup.ts";
import { EventDescription } from "./EventDescription.tsx";

describe("event description markup", () => {
  it("reads bold, italic and bare https links, and leaves the rest as text", () => {
    expect(parseInline("A **big** night with _soft_ jazz: https://example.org/x.")).toEqual([
      { kind: "text", text: "A " },
      { kind: "bold", text: "big" },
      { kind: "text", text: " night with " },
      { kind: "italic", text: "soft" },
      { kind: "text", text: " jazz: " },
      { kind: "link", href: "https://example.org/x" },
      { kind: "text", text: "." },
    ]);
    expect(parseInline("snake_case_name and http://plain.example")).toEqual([
      { kind: "text", text: "snake_case_name and http://plain.example" },
    ]);
  });

  it("makes paragraphs on blank lines and lists of lines starting with a dash", () => {
    const blocks = parseDescription("First line\nsecond line\n\n- one\n- two\n\nEnd");
    expect(blocks.map((b) => b.kind)).toEqual(["paragraph", "list", "paragraph"]);
    expect(blocks[1]).toMatchObject({ items: [[{ text: "one" }], [{ text: "two" }]] });
  });

  it("renders elements only: typed HTML stays text, links get safe rel", () => {
    const html = renderToStaticMarkup(
      <EventDescription
        text={
          "<script>alert(1)</script> <img src=x onerror=alert(1)>\n\n**Hi** https://example.org/a?b=1&c=2"
        }
      />,
    );
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;script&gt;");
    expect(html).toContain("<strong>Hi</strong>");
    expect(html).toMatch(/<a [^>]*href="https:\/\/example.org\/a\?b=1&amp;c=2"/);
    expect(html).toContain('rel="noopener noreferrer nofollow"');
  });

  it("gives a one-line plain text for meta descriptions, cut at a word", () => {
    expect(descriptionAsPlainText("**Big** night\n\n- drinks\n- _music_")).toBe(
      "Big night drinks music",
    );
    const long = descriptionAsPlainText("word ".repeat(100), 160);
    expect(long.length).toBeLessThanOrEqual(160);
    expect(long.endsWith("word…")).toBe(true);
  });
});
