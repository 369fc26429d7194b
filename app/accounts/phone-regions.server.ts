import type { ServerContext } from "#app/server-context.ts";
import { defaultRegionFor } from "./default-region.ts";

/**
 * The regions a phone field offers, and the one to preselect: from the browser's
 * languages, else the deployment's DEFAULT_COUNTRY.
 */
export async function phoneRegionsFor(server: ServerContext, request: Request) {
  const { regions, defaultRegion } = await server.invoke("accounts.phoneRegions", null);
  return {
    regions,
    defaultRegion: defaultRegionFor(request.headers.get("accept-language"), regions, defaultRegion),
  };
}
