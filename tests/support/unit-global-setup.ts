import type { TestProject } from "vitest/node";
import { migratedPgliteTemplate } from "./pglite-folder.ts";
import { buildPgliteImage } from "./pglite-image.ts";
import { migratedTemplate, testDatabaseUrl } from "./postgres.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** The migrated empty database image in-memory databases start from. */
    pgliteImage: string;
  }
}

/**
 * Once per run: the database image every test file's in-memory databases load, and the
 * migrated templates that spawned servers' databases are copied from (made here once
 * rather than by two test files at the same moment).
 */
export default async function setup(project: TestProject) {
  const [image] = await Promise.all([
    buildPgliteImage(),
    migratedPgliteTemplate(),
    testDatabaseUrl ? migratedTemplate() : undefined,
  ]);
  project.provide("pgliteImage", image);
}
