import { describe, expect, inject, it } from "vitest";
import { browserUA, firstScreens } from "#tests/support/browser-user-agent.ts";

const baseURL = inject("baseURL");

/**
 * Every script a page makes the browser fetch before it works: the module scripts and
 * preloads its HTML names, and their static imports, followed as the browser does.
 */
async function scriptsOf(path: string): Promise<Map<string, string>> {
  const html = await (
    await fetch(`${baseURL}${path}`, { headers: { "User-Agent": browserUA } })
  ).text();
  const queue = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1] ?? "");
  const scripts = new Map<string, string>();
  while (queue.length) {
    const url = queue.pop() as string;
    if (scripts.has(url)) continue;
    const source = await (await fetch(`${baseURL}${url}`)).text();
    scripts.set(url, source);
    for (const m of source.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) {
      queue.push(`/assets/${m[1]}`);
    }
  }
  return scripts;
}

/**
 * Mantine's runtime: each of its components names itself "@mantine/core/<Name>", a string
 * minifying keeps (the provider, Box, which every component renders, and the rest).
 */
const mantineRuntime = "@mantine/core/";

const withMantine = async (path: string) =>
  [...(await scriptsOf(path))]
    .filter(([, source]) => source.includes(mantineRuntime))
    .map(([u]) => u);

describe("what the first screens load (decision 024, issue 28)", () => {
  it.each(firstScreens)("%s loads none of Mantine's runtime", async (path) => {
    expect(await withMantine(path)).toEqual([]);
  });

  it("a screen built from Mantine's components does load it (the check finds it)", async () => {
    expect((await withMantine("/privacy_policy")).length).toBeGreaterThan(0);
  });
});
