import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { browserUA } from "./load.ts";

export type PageWeight = { js: number; css: number; files: number };

/** The pages anyone may open without signing in (their weight is what a newcomer loads). */
export function publicPages(eventPath: string): string[] {
  return [
    "/",
    "/?q=jazz",
    eventPath,
    "/login",
    "/register",
    "/password",
    "/access_to_account",
    "/booking_refrence",
    "/privacy_policy",
  ];
}

/**
 * The gzip size of the scripts and stylesheets a page links, following the static
 * imports of its module scripts (what the browser must fetch before the page works).
 * Read from the build's client folder, so nothing is downloaded twice.
 */
export async function pageWeight(pageUrl: string, clientDir: string): Promise<PageWeight> {
  const html = await (await fetch(pageUrl, { headers: { "user-agent": browserUA } })).text();
  const assets = new Set(
    [...html.matchAll(/(?:href|src)="(\/assets\/[^"#]+\.(?:js|css))#?"/g)].map(
      (m) => m[1] as string,
    ),
  );
  const queue = [...assets];
  while (queue.length) {
    const asset = queue.pop() as string;
    if (!asset.endsWith(".js")) continue;
    const source = readFileSync(path.join(clientDir, asset), "utf8");
    for (const m of source.matchAll(/from\s*"\.\/([^"]+\.js)"|import\("\.\/([^"]+\.js)"\)/g)) {
      const next = `/assets/${m[1] ?? m[2]}`;
      if (!assets.has(next) && m[1]) {
        assets.add(next);
        queue.push(next);
      }
    }
  }
  let js = 0;
  let css = 0;
  for (const asset of assets) {
    const size = gzipSync(readFileSync(path.join(clientDir, asset))).length;
    if (asset.endsWith(".css")) css += size;
    else js += size;
  }
  return { js, css, files: assets.size };
}

export function printWeight(title: string, weight: PageWeight): void {
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
  console.log(
    `${title.padEnd(18)} JS ${kb(weight.js)} gzip, CSS ${kb(weight.css)} gzip (${weight.files} files, static imports followed)`,
  );
}
