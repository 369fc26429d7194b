import type { ServerBuild } from "react-router";
import { isEmbedPath } from "#contract/embed.ts";

/**
 * Which paths are public pages whose anonymous render is the same for everyone: `/` (and
 * its searches, in the query) and a single segment that no fixed route claims, which
 * the router gives to the event page (`/{slug}-{shortId}`, routes.ts: `:id` comes last).
 * Computed from the build's routes: every first segment a fixed route starts with is
 * someone else's page (`/login`, `/business`, `/dev`…), never shared. An event's widget
 * (`/embed/{shortId}`, decision 040) is the event page's public part, shared the same way.
 */
export function publicPathMatcher(build: ServerBuild): (pathname: string) => boolean {
  const routes = build.routes;
  const fullPath = (id: string): string => {
    const route = routes[id];
    if (!route) return "";
    const parent = route.parentId ? fullPath(route.parentId) : "";
    return [parent, route.path ?? ""].filter(Boolean).join("/");
  };
  const reserved = new Set<string>();
  for (const id of Object.keys(routes)) {
    const first = fullPath(id).split("/")[0] ?? "";
    if (first && !first.startsWith(":") && !first.includes("*")) reserved.add(first);
  }
  return (pathname) => {
    if (pathname === "/" || isEmbedPath(pathname)) return true;
    const segment = pathname.slice(1);
    if (!segment || segment.includes("/")) return false;
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return false;
    }
    return !reserved.has(decoded) && !decoded.startsWith("_") && !decoded.includes(".");
  };
}
