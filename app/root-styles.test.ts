import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import routes from "./routes.ts";

/**
 * The root links only the part of Mantine's stylesheet that the screens outside the Mantine
 * layout draw with (root.tsx, decision 024). These tests keep that list complete and in
 * Mantine's order; tests/e2e/page-styles.test.ts checks what the built pages link.
 */
const appDir = import.meta.dirname;
const mantineDir = path.resolve(appDir, "../node_modules/@mantine/core");
const mantineFile = (name: string) => readFileSync(path.join(mantineDir, name), "utf8");

/** The per-component files root.tsx imports, in its order. */
const rootImports = [
  ...readFileSync(path.join(appDir, "root.tsx"), "utf8").matchAll(
    /^import "@mantine\/core\/(styles[^"]*\.css)";/gm,
  ),
].map((m) => m[1] as string);

/** The app's modules `entry` reaches by static or lazy imports (the project's own, not packages). */
function reachable(entries: string[]): Set<string> {
  const found = new Set<string>();
  const queue = [...entries];
  while (queue.length) {
    const file = queue.pop() as string;
    if (found.has(file)) continue;
    found.add(file);
    const source = readFileSync(file, "utf8");
    for (const m of source.matchAll(/(?:from|import\()\s*"((?:#app\/|\.{1,2}\/)[^"]+\.tsx?)"/g)) {
      const spec = m[1] as string;
      const next = spec.startsWith("#app/")
        ? path.join(appDir, spec.slice("#app/".length))
        : path.resolve(path.dirname(file), spec);
      if (existsSync(next)) queue.push(next);
    }
  }
  return found;
}

/** The route modules outside the Mantine layout: the public pages and the sign-in screens. */
const plainRoutes = routes
  .filter((entry) => entry.file !== "routes/mantine-layout.tsx")
  .map((entry) => path.join(appDir, entry.file));

/** Mantine's classes (`m_` and a hash) that a module writes. */
const mantineClassesIn = (source: string) =>
  new Set([...source.matchAll(/\bm_[0-9a-f]{5,8}\b/g)].map((m) => m[0]));

describe("the part of Mantine's stylesheet the root links", () => {
  it("starts with Mantine's global styles and no longer links the whole file", () => {
    expect(rootImports.slice(0, 3)).toEqual([
      "styles/baseline.css",
      "styles/default-css-variables.css",
      "styles/global.css",
    ]);
    expect(rootImports).not.toContain("styles.css");
  });

  it("keeps the order of Mantine's full file, dependencies first", () => {
    const full = mantineFile("styles.css");
    const positions = rootImports.map((file) => full.indexOf(mantineFile(file).trim()));
    expect(positions).not.toContain(-1);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it("styles every Mantine class the frame, the public pages and the sign-in screens write", () => {
    const styled = new Set(rootImports.flatMap((file) => [...mantineClassesIn(mantineFile(file))]));
    const modules = reachable([path.join(appDir, "root.tsx"), ...plainRoutes]);
    const unstyled = [...modules].flatMap((file) =>
      [...mantineClassesIn(readFileSync(file, "utf8"))]
        .filter((name) => !styled.has(name))
        .map((name) => `${path.relative(appDir, file)}: ${name}`),
    );
    expect(unstyled).toEqual([]);
    // The walk does reach the plain components (else the check above proves nothing).
    expect(modules).toContain(path.join(appDir, "ui/Button.tsx"));
    expect(modules).toContain(path.join(appDir, "shell/MenuDrawer.tsx"));
  });
});
