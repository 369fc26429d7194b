import { cpSync, existsSync, mkdtempSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase } from "#server/platform/db/database.ts";
import { imageKey } from "./pglite-image.ts";

/**
 * A migrated, empty embedded-database folder, made once for these migrations and this
 * PGlite (kept in the temporary folder like the in-memory image) and built by whichever
 * process asks first; a process that loses the race drops its copy. Returns its path.
 */
export async function migratedPgliteTemplate(): Promise<string> {
  const template = path.join(tmpdir(), `eventapp-pglite-folder-${imageKey()}`);
  if (existsSync(template)) return template;
  const work = mkdtempSync(`${template}.${process.pid}-`);
  const database = await openDatabase({ pgliteDir: path.join(work, "db") });
  await database.close();
  try {
    renameSync(path.join(work, "db"), template);
  } catch (error) {
    if (!existsSync(template)) throw error;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return template;
}

/**
 * Fills `dir` (which must not exist) with a copy of the migrated, empty embedded database
 * and returns it: a server started on it skips creating the cluster and running every
 * migration (seconds of CPU), and is otherwise the same as on a new folder (its demo data,
 * if not turned off, is seeded at start as on any database without accounts). Tests of
 * creating the database itself start on a new folder instead.
 */
export async function migratedPgliteFolder(dir: string): Promise<string> {
  cpSync(await migratedPgliteTemplate(), dir, { recursive: true });
  return dir;
}
