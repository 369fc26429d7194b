import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { projectRoot } from "./spawn-server.ts";

/** The folders of our own source code. */
const sourceRoots = ["app", "contract", "server", "tests", "bench", "scripts"];
const aliases: Record<string, string> = {
  "#app/": "app/",
  "#contract/": "contract/",
  "#server/": "server/",
  "#tests/": "tests/",
};

export type SourceFile = { path: string; text: string; imports: string[] };

function walk(dir: string, found: string[]): void {
  for (const name of readdirSync(path.join(projectRoot, dir))) {
    if (name === "node_modules" || name.startsWith(".")) continue;
    const relative = `${dir}/${name}`;
    if (statSync(path.join(projectRoot, relative)).isDirectory()) walk(relative, found);
    else if (/\.(ts|tsx|css)$/.test(name)) found.push(relative);
  }
}

const importPattern =
  /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s*["']([^"']+)["']|import\s*\(\s*["']([^"']+)["']\s*\)|(?:^|\n)\s*import\s*["']([^"']+)["']/g;

/** Project-relative path an import names, or null for a package. */
function resolveImport(from: string, specifier: string): string | null {
  for (const [alias, folder] of Object.entries(aliases)) {
    if (specifier.startsWith(alias)) return folder + specifier.slice(alias.length);
  }
  if (!specifier.startsWith(".")) return null;
  return path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
}

/** Every source file of the project with the project files it imports. */
export function readSourceFiles(): SourceFile[] {
  const paths: string[] = [];
  for (const root of sourceRoots) walk(root, paths);
  return paths.map((file) => {
    const text = readFileSync(path.join(projectRoot, file), "utf8");
    const imports: string[] = [];
    if (!file.endsWith(".css")) {
      for (const match of text.matchAll(importPattern)) {
        const specifier = match[1] ?? match[2] ?? match[3];
        const target = specifier ? resolveImport(file, specifier) : null;
        if (target) imports.push(target);
      }
    }
    return { path: file, text, imports };
  });
}

export const isTestFile = (file: string) => /\.test\.tsx?$/.test(file) || file.startsWith("tests/");

/**
 * The capability a file belongs to: `server/modules/{name}` for modules, else null.
 * Other layers (platform, steps, the app) are checked by their own rules.
 */
export function capabilityOf(file: string): string | null {
  const match = /^server\/modules\/([^/]+)\//.exec(file);
  return match?.[1] ?? null;
}

/** Edges between capability folders, each with one import that makes it. */
export function capabilityEdges(files: SourceFile[]): Map<string, string> {
  const edges = new Map<string, string>();
  for (const file of files) {
    if (isTestFile(file.path)) continue;
    const from = capabilityOf(file.path);
    if (!from) continue;
    for (const target of file.imports) {
      const to = capabilityOf(target);
      if (to && to !== from && !edges.has(`${from} -> ${to}`)) {
        edges.set(`${from} -> ${to}`, `${file.path} imports ${target}`);
      }
    }
  }
  return edges;
}

/** Imports between files under `folder` (both ends in it), as "a -> b" edges. */
export function fileEdges(files: SourceFile[], folder: string): Set<string> {
  const edges = new Set<string>();
  for (const file of files) {
    if (!file.path.startsWith(folder)) continue;
    for (const target of file.imports) {
      if (target.startsWith(folder)) edges.add(`${file.path} -> ${target}`);
    }
  }
  return edges;
}

/** Every cycle of a directed graph given as "a -> b" edges (each cycle once, as a path). */
export function findCycles(edges: Iterable<string>): string[][] {
  const next = new Map<string, string[]>();
  for (const edge of edges) {
    const [from, to] = edge.split(" -> ") as [string, string];
    next.set(from, [...(next.get(from) ?? []), to]);
  }
  const cycles: string[][] = [];
  const seen = new Set<string>();
  const visit = (node: string, trail: string[]) => {
    const at = trail.indexOf(node);
    if (at >= 0) {
      const cycle = trail.slice(at);
      const key = [...cycle].sort().join(",");
      if (!seen.has(key)) {
        seen.add(key);
        cycles.push([...cycle, node]);
      }
      return;
    }
    for (const to of next.get(node) ?? []) visit(to, [...trail, node]);
  };
  for (const node of next.keys()) visit(node, []);
  return cycles;
}
