import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { capabilityEdges, readSourceFiles } from "#tests/support/import-graph.ts";
import { projectRoot } from "#tests/support/spawn-server.ts";

/**
 * Every module says in its README.md what it owns: its tables (as its *.schema.ts names
 * them in SQL) and its functions (by the name callers use and the const that defines
 * it), so a reader who finds a table or a function name finds its module.
 */
const modulesDir = path.join(projectRoot, "server/modules");
const modules = readdirSync(modulesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const filesOf = (module: string, suffix: string) =>
  readdirSync(path.join(modulesDir, module))
    .filter((name) => name.endsWith(suffix))
    .map((name) => readFileSync(path.join(modulesDir, module, name), "utf8"));

/** SQL names of the tables a schema file defines: `pgTable("check_ins", …)`. */
const tablesIn = (schema: string) =>
  [...schema.matchAll(/pgTable\(\s*"([a-z0-9_]+)"/g)].map((match) => match[1] as string);

/** `export const scanTicket = … defineFunction({ name: "checkin.scan"`: both names. */
const functionsIn = (source: string) =>
  [
    ...source.matchAll(
      /export const (\w+) = (?:\([^)]*\) =>\s*)?defineFunction\(\{(?:\s*\/\/[^\n]*)*\s*name: "([^"]+)"/g,
    ),
  ].flatMap((match) => [match[1] as string, match[2] as string]);

const readmeOf = (module: string) => {
  const file = path.join(modulesDir, module, "README.md");
  return existsSync(file) ? readFileSync(file, "utf8") : null;
};

/** The names a README leaves out, each as a whole word (`check_ins` is not `check_ins_x`). */
const missingFrom = (readme: string, names: string[]) =>
  names.filter(
    (name) => !new RegExp(`(^|[^\\w.])${name.replaceAll(".", "\\.")}(?![\\w])`).test(readme),
  );

describe("module READMEs", () => {
  it("reads every module and its schema (the check is not vacuous)", () => {
    expect(modules.length).toBeGreaterThan(10);
    expect(
      modules.flatMap((m) => filesOf(m, ".schema.ts").flatMap(tablesIn)).length,
    ).toBeGreaterThan(25);
    expect(
      modules.flatMap((m) => filesOf(m, ".functions.ts").flatMap(functionsIn)).length,
    ).toBeGreaterThan(150);
  });

  it("gives every module folder a README.md", () => {
    expect(modules.filter((module) => readmeOf(module) === null)).toEqual([]);
  });

  it("names every table a module defines in its README", () => {
    const missing = modules.flatMap((module) =>
      missingFrom(readmeOf(module) ?? "", filesOf(module, ".schema.ts").flatMap(tablesIn)).map(
        (table) => `${module}: ${table}`,
      ),
    );
    expect(missing).toEqual([]);
  });

  it("names every function a module defines in its README, with its const", () => {
    const missing = modules.flatMap((module) =>
      missingFrom(
        readmeOf(module) ?? "",
        filesOf(module, ".functions.ts").flatMap(functionsIn),
      ).map((name) => `${module}: ${name}`),
    );
    expect(missing).toEqual([]);
  });

  it("names every module a module imports under its 'May import'", () => {
    const mayImport = (module: string) =>
      /May import\**:?([\s\S]*?)(\n## |\n- \*\*|$)/.exec(readmeOf(module) ?? "")?.[1] ?? "";
    const unlisted = [...capabilityEdges(readSourceFiles()).keys()].filter((edge) => {
      const [from, to] = edge.split(" -> ") as [string, string];
      return !new RegExp(`\`${to}\``).test(mayImport(from));
    });
    expect(unlisted).toEqual([]);
  });

  it("matches a name as a whole word only", () => {
    expect(
      missingFrom("`check_ins_one_live` and `tickets.getAll`", ["check_ins", "tickets.get"]),
    ).toEqual(["check_ins", "tickets.get"]);
    expect(
      missingFrom("- `check_ins` (rows), `tickets.get`.", ["check_ins", "tickets.get"]),
    ).toEqual([]);
  });
});
