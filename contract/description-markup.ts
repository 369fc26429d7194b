/**
 * The small safe markup of event descriptions: blank lines separate paragraphs,
 * `**bold**`, `_italic_`, lines starting `- ` make a list, bare `https://` links.
 * Parsed into plain data, so rendering never goes through HTML strings.
 */

export type Inline =
  | { kind: "text"; text: string }
  | { kind: "bold"; text: string }
  | { kind: "italic"; text: string }
  | { kind: "link"; href: string };

export type Block = { kind: "paragraph"; lines: Inline[][] } | { kind: "list"; items: Inline[][] };

const inlinePattern =
  /(https:\/\/[^\s<>"]+)|\*\*([^*\n]+?)\*\*|(?<![\p{L}\p{N}_])_([^_\n]+?)_(?![\p{L}\p{N}_])/gu;

/** A link ends before trailing punctuation: "see https://x.org." links https://x.org. */
function trimUrl(url: string): { href: string; rest: string } {
  const match = /[.,;:!?)\]]+$/.exec(url);
  return match ? { href: url.slice(0, match.index), rest: match[0] } : { href: url, rest: "" };
}

export function parseInline(line: string): Inline[] {
  const out: Inline[] = [];
  let last = 0;
  const push = (text: string) => {
    if (!text) return;
    const previous = out[out.length - 1];
    if (previous?.kind === "text") previous.text += text;
    else out.push({ kind: "text", text });
  };
  for (const match of line.matchAll(inlinePattern)) {
    push(line.slice(last, match.index));
    if (match[1]) {
      const { href, rest } = trimUrl(match[1]);
      if (href.length > "https://".length) out.push({ kind: "link", href });
      else push(href);
      push(rest);
    } else if (match[2]) out.push({ kind: "bold", text: match[2] });
    else if (match[3]) out.push({ kind: "italic", text: match[3] });
    last = match.index + match[0].length;
  }
  push(line.slice(last));
  return out;
}

export function parseDescription(text: string): Block[] {
  const blocks: Block[] = [];
  for (const chunk of text.replace(/\r\n?/g, "\n").split(/\n\s*\n/)) {
    const lines = chunk.split("\n").filter((l) => l.trim() !== "");
    if (lines.length === 0) continue;
    if (lines.every((l) => /^\s*- /.test(l))) {
      blocks.push({ kind: "list", items: lines.map((l) => parseInline(l.replace(/^\s*- /, ""))) });
    } else {
      blocks.push({ kind: "paragraph", lines: lines.map((l) => parseInline(l.trim())) });
    }
  }
  return blocks;
}

const inlineText = (parts: Inline[]) =>
  parts.map((p) => (p.kind === "link" ? p.href : p.text)).join("");

/**
 * The description as plain text with its shape kept (a calendar file's DESCRIPTION): the
 * markup gone, paragraphs apart by a blank line, list items on lines of their own as "- ".
 */
export function descriptionAsText(text: string): string {
  return parseDescription(text)
    .map((b) =>
      b.kind === "list"
        ? b.items.map((item) => `- ${inlineText(item)}`).join("\n")
        : b.lines.map(inlineText).join("\n"),
    )
    .join("\n\n");
}

/** The description as one line of plain text, at most `max` characters (meta descriptions). */
export function descriptionAsPlainText(text: string, max = 160): string {
  const plain = parseDescription(text)
    .flatMap((b) => (b.kind === "list" ? b.items : b.lines).map(inlineText))
    .join(" ")
    .replace(/\s+/g, " ")
    .trim();
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s.,;:]+$/, "")}…`;
}
