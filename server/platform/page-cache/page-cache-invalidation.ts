import type { Registry } from "#server/platform/callable/registry.ts";
import type { PageCache } from "./page-cache.ts";

/** Functions whose success changes what a public page shows: the cache empties at once. */
const edits =
  /^(events\.(create|update|publish|unpublish|cancel|setCover|removeCover)|ticketTypes\.(create|update|delete)|businesses\.(update|changePlan)|profile\.deleteAccount)$/;
/**
 * Functions that change availability: the cache empties at most once per its life. The
 * waiting list's too: while anyone waits in a type's list, the page shows it sold out.
 */
const availability =
  /^(holds\.(create|release)|bookings\.(confirm|cancel)|waitingList\.(join|leave|offer|configure))$/;

/**
 * The registry, observed: after a function that edits events, ticket types or their
 * businesses succeeds (over the API or from a page's action), the shared page cache is
 * emptied; after one that changes availability, it is emptied within the cache's life.
 */
export function invalidatingRegistry(registry: Registry, cache: PageCache): Registry {
  return {
    ...registry,
    async invoke(name, data, ctx) {
      const result = await registry.invoke(name, data, ctx);
      if (edits.test(name)) cache.invalidate();
      else if (availability.test(name)) cache.availabilityChanged();
      return result;
    },
  };
}
