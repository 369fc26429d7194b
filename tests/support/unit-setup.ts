import { readFileSync } from "node:fs";
import { inject } from "vitest";
import { setMemoryDatabaseImage } from "#server/platform/db/database.ts";

// Every in-memory database of this file starts from the run's migrated image, read from
// disk when the file opens its first one.
let image: Blob | undefined;
setMemoryDatabaseImage(() => {
  image ??= new Blob([readFileSync(inject("pgliteImage"))]);
  return image;
});
