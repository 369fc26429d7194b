import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { migrationsFolder, openDatabase } from "#server/platform/db/database.ts";

/**
 * The migrations' files and PGlite's version, hashed: an image is reused only for the
 * schema and the engine it was made with.
 */
export function imageKey(): string {
  const hash = createHash("sha256");
  // The package's folder (its version is in its package.json, which it does not export).
  const entry = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  const packageJson = path.join(entry.slice(0, entry.lastIndexOf("/dist/")), "package.json");
  hash.update(readFileSync(packageJson));
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else hash.update(entry.name).update(readFileSync(file));
    }
  };
  walk(migrationsFolder);
  return hash.digest("hex").slice(0, 16);
}

/**
 * A migrated, empty in-memory database as an image file (PGlite's `dumpDataDir`), made
 * once for a test run (vitest's global setup) and kept in the temporary folder for the
 * next run of the same migrations. Returns its path.
 */
export async function buildPgliteImage(): Promise<string> {
  const file = path.join(tmpdir(), `eventapp-pglite-${imageKey()}.tar`);
  if (existsSync(file)) return file;
  const database = await openDatabase({ pgliteDir: "memory://" });
  try {
    const image = await database.pglite?.dumpDataDir("none");
    if (!image) throw new Error("no PGlite to dump");
    const partial = `${file}.${process.pid}.part`;
    writeFileSync(partial, Buffer.from(await image.arrayBuffer()));
    renameSync(partial, file);
    return file;
  } finally {
    await database.close();
  }
}
