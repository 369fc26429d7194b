import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";

export class DatabaseInUseError extends Error {}

/** Whether a process with this id runs (one of another user's counts: EPERM). */
export function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function tryCreate(lockFile: string): boolean {
  try {
    const fd = openSync(lockFile, "wx", 0o600);
    writeSync(fd, String(process.pid));
    closeSync(fd);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
}

function ownerOf(lockFile: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(lockFile, "utf8"), 10);
    return Number.isFinite(pid) ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * PGlite is single-process: a second process opening the same folder would corrupt it.
 * The lock file holds the owner's pid; a lock left by a dead process is taken over.
 * Returns the function that releases the lock.
 */
export function lockDataFolder(dataDir: string): () => void {
  const lockFile = `${dataDir}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    if (tryCreate(lockFile)) {
      return () => {
        if (ownerOf(lockFile) === process.pid) unlinkSync(lockFile);
      };
    }
    const owner = ownerOf(lockFile);
    if (owner !== undefined && owner !== process.pid && processIsAlive(owner)) {
      throw new DatabaseInUseError(
        `The embedded database at ${dataDir} is in use by process ${owner}. ` +
          "Stop that process, or set PGLITE_DIR to another folder, or DATABASE_URL to use PostgreSQL.",
      );
    }
    // Stale: the owner died without releasing. Remove and try once more.
    try {
      unlinkSync(lockFile);
    } catch {}
  }
  throw new DatabaseInUseError(`Could not lock the embedded database at ${dataDir}; try again.`);
}
