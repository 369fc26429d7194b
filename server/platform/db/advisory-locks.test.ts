import { describe, expect, it } from "vitest";
import { readSourceFiles } from "#tests/support/import-graph.ts";
import * as advisoryLocks from "./advisory-locks.ts";

const registryPath = "server/platform/db/advisory-locks.ts";
const thisTest = "server/platform/db/advisory-locks.test.ts";
const registryNames = new Set(Object.keys(advisoryLocks));

const lockCall = /pg_(?:try_)?advisory_\w*?lock\w*\s*\(([^)]*)\)/g;

/**
 * The lock id argument of every advisory lock call in a source text: `${NAME}` inside a
 * drizzle `sql` template, or `$n` with the n-th element of the parameter array after it
 * (`client.query("select pg_advisory_lock($1)", [NAME])`); anything else as written.
 */
function advisoryLockArguments(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(lockCall)) {
    const argument = (match[1] ?? "").trim();
    if (argument === "") continue; // pg_advisory_unlock_all()
    const interpolated = /^\$\{\s*([\w.]+)\s*\}$/.exec(argument);
    const placeholder = /^\$(\d+)$/.exec(argument);
    if (interpolated?.[1]) found.push(interpolated[1]);
    else if (placeholder?.[1]) {
      const after = text.slice((match.index ?? 0) + match[0].length, (match.index ?? 0) + 300);
      const values = /\[([^\]]*)\]/.exec(after)?.[1]?.split(",") ?? [];
      found.push(values[Number(placeholder[1]) - 1]?.trim() ?? argument);
    } else found.push(argument);
  }
  return found;
}

describe("advisory lock registry", () => {
  it("gives every lock its own id", () => {
    const ids = Object.values(advisoryLocks);
    expect(ids.length).toBeGreaterThanOrEqual(4);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(Number.isSafeInteger(id)).toBe(true);
  });

  it("takes every advisory lock by a name from the registry, never by a number of its own", () => {
    const users = readSourceFiles().filter(
      (file) => file.path !== registryPath && file.path !== thisTest,
    );
    const calls = users.flatMap((file) =>
      advisoryLockArguments(file.text).map((argument) => ({ file, argument })),
    );
    // The scan is not vacuous: migrations, both key rings and the job queue take locks.
    expect(calls.length).toBeGreaterThanOrEqual(5);
    // A registry constant, or a parameter whose type admits only those (a key ring's lockId).
    const fromRegistry = (file: (typeof users)[number], argument: string) =>
      file.imports.includes(registryPath) &&
      (registryNames.has(argument) ||
        (/^\w+$/.test(argument) &&
          new RegExp(`\\b${argument}\\??:\\s*AdvisoryLockId\\b`).test(file.text)));
    const strays = calls
      .filter(({ file, argument }) => !fromRegistry(file, argument))
      .map(({ file, argument }) => `${file.path}: ${argument}`);
    expect(strays).toEqual([]);
  });

  it("reads the lock id of each way of calling (the scan itself)", () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a drizzle template
    expect(advisoryLockArguments("sql`select pg_advisory_xact_lock(${TICKET_KEY_LOCK})`")).toEqual([
      "TICKET_KEY_LOCK",
    ]);
    expect(
      advisoryLockArguments('client.query("select pg_try_advisory_lock($1)", [MIGRATION_LOCK])'),
    ).toEqual(["MIGRATION_LOCK"]);
    expect(advisoryLockArguments("select pg_advisory_lock(7411202602)")).toEqual(["7411202602"]);
    expect(advisoryLockArguments('query("select pg_advisory_lock($1)", [7_411_202_602])')).toEqual([
      "7_411_202_602",
    ]);
    expect(advisoryLockArguments("pg_advisory_xact_lock(hashtext('x'))")).toEqual(["hashtext('x'"]);
  });
});
