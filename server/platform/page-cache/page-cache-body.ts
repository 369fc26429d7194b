import { createHash } from "node:crypto";

/** The `'sha256-…'` sources of a page's inline scripts (those without `src`). */
export function inlineScriptSources(html: string): string {
  const sources = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc\s*=/i.test(match[1] ?? "")) continue;
    const digest = createHash("sha256")
      .update(match[2] ?? "", "utf8")
      .digest("base64");
    sources.add(`'sha256-${digest}'`);
  }
  return [...sources].join(" ");
}

/**
 * What may be kept of a render: its body without the nonce attributes, and for a page the
 * hashes of its inline scripts. Null when the nonce shows up anywhere else in the body.
 */
export function withoutNonce(
  body: Buffer,
  nonce: string,
  html: boolean,
): { body: Buffer; scriptSources: string | null } | null {
  if (!nonce) return { body, scriptSources: html ? inlineScriptSources(body.toString()) : null };
  const text = body.toString("utf8").replaceAll(` nonce="${nonce}"`, "");
  if (text.includes(nonce)) return null;
  return { body: Buffer.from(text), scriptSources: html ? inlineScriptSources(text) : null };
}
