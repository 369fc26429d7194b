import type { FilterValues } from "#app/events/DiscoveryFilters.tsx";
import { filterNames } from "#app/events/filter-names.ts";
import { isFunctionError } from "#app/forms/form-failure.ts";
import type { ServerContext } from "#app/server-context.ts";

type FilterErrors = Partial<Record<keyof FilterValues, string>>;

/**
 * One page of the public list for the filters in the URL. A filter the search refuses is
 * dropped and named in `errors`, and the events are listed without it. Dropped until the
 * search takes the rest: one refusal may name only some of the bad fields (the check for
 * control characters comes before each field's own rules), so a second may name others.
 */
export async function searchEventsPage(
  invoke: ServerContext["invoke"],
  values: FilterValues,
  page: number,
) {
  const errors: FilterErrors = {};
  const query = { ...values, page };
  for (;;) {
    try {
      return { errors, result: await invoke("events.search", query) };
    } catch (error) {
      if (!isFunctionError(error) || error.status !== "INVALID_ARGUMENT") throw error;
      const issues = (error.details ?? []) as { path: string; message: string }[];
      const named = issues.filter(
        (issue) =>
          filterNames.includes(issue.path as keyof FilterValues) &&
          query[issue.path as keyof FilterValues] !== "",
      );
      // Nothing left this page can drop: the refusal is not about a filter.
      if (named.length === 0) throw error;
      for (const { path, message } of named) {
        const name = path as keyof FilterValues;
        errors[name] ??= message;
        query[name] = "";
      }
    }
  }
}
