import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { csvCell, csvDocument } from "./csv.ts";

describe("the report's CSV", () => {
  it("quotes commas, quotes, line breaks and edge spaces, and leaves plain text bare", () => {
    expect(csvCell("Stan Staff")).toBe("Stan Staff");
    expect(csvCell("Smith, Jo")).toBe('"Smith, Jo"');
    expect(csvCell('Jo "the door" Smith')).toBe('"Jo ""the door"" Smith"');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell("cr\rhere")).toBe('"cr\rhere"');
    expect(csvCell(" padded ")).toBe('" padded "');
    expect(csvCell(null)).toBe("");
    expect(csvCell(42)).toBe("42");
  });

  it("defuses cells a spreadsheet would run as a formula", () => {
    expect(csvCell("=1+2")).toBe("'=1+2");
    expect(csvCell("+44 20 7123 4567")).toBe("'+44 20 7123 4567");
    expect(csvCell("-2")).toBe("'-2");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\tcmd")).toBe("'\tcmd");
    expect(csvCell('=HYPERLINK("x"),y')).toBe(`"'=HYPERLINK(""x""),y"`);
    expect(csvCell("a=b")).toBe("a=b");
  });

  it("starts with a byte order mark, ends lines with CRLF, and reads back cell for cell", () => {
    const rows = [
      ["Zoë Ñandú", 'say "hi", then\r\nleave', "=cmd"],
      ["", "plain", "@x"],
    ];
    const text = csvDocument(["Name", "Note", "Formula"], rows);
    expect(text.startsWith("\uFEFFName,Note,Formula\r\n")).toBe(true);
    expect(text.endsWith("\r\n")).toBe(true);
    expect(parse(text, { bom: true })).toEqual([
      ["Name", "Note", "Formula"],
      ["Zoë Ñandú", 'say "hi", then\r\nleave', "'=cmd"],
      ["", "plain", "'@x"],
    ]);
  });
});
