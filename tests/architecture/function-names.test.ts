import ts from "typescript";
import { describe, expect, it } from "vitest";
import { isTestFile, readSourceFiles } from "#tests/support/import-graph.ts";

/**
 * Every callable function is an exported, named const (`export const scanTicket =
 * defineFunction({ name: "checkin.scan", … })`), so "go to definition" from a list or a
 * search for the name lands on its code. A handler that needs the modules' steps is a
 * named const too: `export const scanTicket = (steps) => defineFunction(…)`.
 */
type Definition = { file: string; line: number; constName: string | null };

function exportedConstName(node: ts.Node): string | null {
  const declaration = ts.isArrowFunction(node.parent) ? node.parent.parent : node.parent;
  if (!ts.isVariableDeclaration(declaration) || !ts.isIdentifier(declaration.name)) return null;
  const list = declaration.parent;
  const statement = list.parent;
  if (!(list.flags & ts.NodeFlags.Const) || !ts.isVariableStatement(statement)) return null;
  const exported = statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  return exported ? declaration.name.text : null;
}

/** Each `defineFunction(…)` call of a file, with the exported const it initialises. */
function functionDefinitionsOf(file: string, text: string): Definition[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: Definition[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === "defineFunction"
    ) {
      const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
      found.push({ file, line, constName: exportedConstName(node) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const definitions = readSourceFiles()
  .filter((file) => file.path.startsWith("server/") && !isTestFile(file.path))
  .filter((file) => file.path.endsWith(".ts") && file.text.includes("defineFunction("))
  .flatMap((file) => functionDefinitionsOf(file.path, file.text));

describe("function handlers are findable by name", () => {
  it("reads every definition (the check is not vacuous)", () => {
    expect(definitions.length).toBeGreaterThan(100);
  });

  it("defines each function as the initialiser of an exported const", () => {
    const unnamed = definitions.filter((d) => d.constName === null);
    expect(unnamed.map((d) => `${d.file}:${d.line}`)).toEqual([]);
  });

  it("gives no two handlers the same const name across the server", () => {
    const names = definitions.map((d) => d.constName);
    const repeated = names.filter((name, i) => name !== null && names.indexOf(name) !== i);
    expect(repeated).toEqual([]);
  });

  it("refuses a definition written inline in a list or kept private", () => {
    const inline = `export const fns = [defineFunction({ name: "a.b" })];
const hidden = defineFunction({ name: "a.c" });
export let changeable = defineFunction({ name: "a.d" });
export const named = defineFunction({ name: "a.e" });
export const withSteps = (steps: unknown) => defineFunction({ name: "a.f" });`;
    expect(functionDefinitionsOf("x.ts", inline).map((d) => d.constName)).toEqual([
      null,
      null,
      null,
      "named",
      "withSteps",
    ]);
  });
});
