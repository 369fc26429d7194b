import path from "node:path";
import { pathToFileURL } from "node:url";
import { projectRoot } from "./spawn-server.ts";

type BuiltRoute = { path?: string; module: { action?: unknown } };

/** The folder of the build the tests run against (BUILD_DIR, as the server reads it). */
export const buildDir = path.join(projectRoot, process.env.BUILD_DIR ?? "build");

/**
 * Every page path with a form action, read from the build, so a new page with an action is
 * covered without new test code. A path with parameters is given each of `madeUpIds`.
 */
export async function actionPaths(
  madeUpIds: readonly string[] = ["00000000-0000-4000-8000-000000000000", "not-an-id"],
): Promise<string[]> {
  const build = (await import(pathToFileURL(path.join(buildDir, "server/index.js")).href)) as {
    routes: Record<string, BuiltRoute>;
  };
  return Object.values(build.routes)
    .filter((route) => route.module.action && route.path)
    .flatMap((route) => {
      const routePath = `/${route.path}`;
      return routePath.includes(":")
        ? madeUpIds.map((id) => routePath.replace(/:[^/]+/g, id))
        : [routePath];
    });
}
