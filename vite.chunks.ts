import path from "node:path";
import type { Plugin } from "vite";

type CodeSplittingGroup = {
  name: string;
  test: RegExp | ((id: string) => boolean);
  priority: number;
};

/**
 * How the browser's code is cut into files (decision 024): what `/` and `/{id}` load should
 * be few files, each compressing well, and nothing of what only other screens need.
 *
 * - `framework`: React, React DOM and the router, which every page loads.
 * - `frame`: the app's own code the root route imports (the header, footer, session
 *   watcher, the plain UI components): also on every page.
 *
 * Everything else keeps Rolldown's automatic split by route, so a screen loads only its
 * own code: the sign-in screens (issue 28) share small chunks of fields and form blocks
 * with each other and `/`, and none of Mantine's. The frame is computed from the module
 * graph, not listed by hand.
 */
type ModuleInfo = { importedIds: readonly string[] } | null;
type Graph = { getModuleInfo(id: string): ModuleInfo; getModuleIds(): IterableIterator<string> };

const appDir = path.resolve(import.meta.dirname, "app");
/** The root route, and the small building blocks most screens share (lists, dates, badges). */
const frameRoots = [
  "root.tsx",
  "components/Screen.tsx",
  "components/screen-meta.ts",
  "components/PageLinks.tsx",
  "events/format.ts",
  "events/AvailabilityBadge.tsx",
].map((file) => path.join(appDir, file));

/** The project's own modules statically reachable from `roots` (not packages, not CSS). */
function closure(graph: Graph, roots: string[]): Set<string> {
  const found = new Set<string>();
  const queue = roots.filter((id) => graph.getModuleInfo(id));
  while (queue.length) {
    const id = queue.pop() as string;
    if (found.has(id)) continue;
    found.add(id);
    for (const next of graph.getModuleInfo(id)?.importedIds ?? []) {
      if (next.includes("node_modules") || next.startsWith("\0") || next.endsWith(".css")) continue;
      queue.push(next);
    }
  }
  return found;
}

/**
 * The plugin that reads the module graph once it is complete (before chunking), and the
 * groups for `output.codeSplitting` that use what it read. Higher priority wins a module.
 */
export function appChunks(): { plugin: Plugin; groups: CodeSplittingGroup[] } {
  let frame = new Set<string>();
  const plugin: Plugin = {
    name: "app-chunks",
    buildEnd() {
      frame = closure(this, frameRoots);
    },
  };
  const groups: CodeSplittingGroup[] = [
    {
      name: "framework",
      test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
      priority: 30,
    },
    { name: "frame", test: (id) => frame.has(id), priority: 20 },
  ];
  return { plugin, groups };
}
