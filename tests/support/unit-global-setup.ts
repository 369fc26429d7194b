import type { TestProject } from "vitest/node";
import { buildPgliteImage } from "./pglite-image.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** The migrated empty database image in-memory databases start from. */
    pgliteImage: string;
  }
}

/** Once per run: the database image every test file's in-memory databases load. */
export default async function setup(project: TestProject) {
  project.provide("pgliteImage", await buildPgliteImage());
}
