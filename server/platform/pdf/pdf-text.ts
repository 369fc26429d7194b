import type { PDFFont } from "pdf-lib";

// Text on PDF pages drawn with pdf-lib's standard fonts (tickets, receipts, invoices).

/** What a standard PDF font can draw: characters outside its encoding become "?". */
export function drawable(font: PDFFont, text: string): string {
  let out = "";
  for (const char of text.normalize("NFC").replace(/[\r\n\t]+/g, " ")) {
    try {
      font.encodeText(char);
      out += char;
    } catch {
      out += "?";
    }
  }
  return out;
}

/** Shortens a text to a width (the ellipsis is in the fonts' encoding). */
export function fitted(font: PDFFont, text: string, size: number, width: number): string {
  const whole = drawable(font, text);
  let line = whole;
  while (line.length > 1 && font.widthOfTextAtSize(`${line}…`, size) > width)
    line = line.slice(0, -1);
  return line === whole ? line : `${line}…`;
}
