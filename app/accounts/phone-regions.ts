import type { ServerContext } from "../../server/platform/page-context.ts";
import { defaultRegionFor } from "./default-region";

/** The regions a phone field offers, and the one to preselect from the browser's language. */
export async function phoneRegionsFor(server: ServerContext, request: Request) {
  const { regions } = await server.invoke("accounts.phoneRegions", null);
  return {
    regions,
    defaultRegion: defaultRegionFor(request.headers.get("accept-language"), regions),
  };
}
