/** A door page kept on the device, for the offline page's links. */
export type KeptPage = { url: string; title: string };

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) =>
      ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char] ?? char,
  );

/** A kept page's `<title>` (the screen's title), or its path when it has none. */
export function titleOf(html: string, url: string): string {
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(html)?.[1]?.trim();
  if (!title) return new URL(url).pathname;
  return title
    .replaceAll("&amp;", "&")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'")
    .replaceAll("&#39;", "'");
}

/**
 * What the worker answers for a door page that cannot be fetched and was never kept:
 * plain HTML with nothing to load (no script, style sheet or image), which says why and
 * links to the door pages that do open offline.
 */
export function offlinePage(kept: readonly KeptPage[]): string {
  const links = kept.length
    ? `<p>These door pages open without a network on this device:</p>\n<ul>\n${kept
        .map((page) => `<li><a href="${escapeHtml(page.url)}">${escapeHtml(page.title)}</a></li>`)
        .join("\n")}\n</ul>`
    : "<p>No door page was opened online on this device yet.</p>";
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Not available offline</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;line-height:1.5}a{color:#1c6e2f}</style>
</head>
<body>
<main>
<h1>Not available offline</h1>
<p>This page was not opened online on this device yet, so it cannot open without a network. Open it once while online and it will open offline after that.</p>
${links}
</main>
</body>
</html>
`;
}
