import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "#app/ui/Button.tsx";
import { NativeSelect, TextInput } from "#app/ui/fields.tsx";
import { eventCategories } from "#contract/event-options.ts";
import classes from "./DiscoveryFilters.module.css";

export type FilterValues = { q: string; category: string; from: string; to: string };

const categoryOptions = [
  { value: "", label: "All categories" },
  ...eventCategories.map((c) => ({ value: c.id, label: c.label })),
];

const filtersId = "discovery-filters";

/** How many of the collapsible filters (category, from, to) are set. */
export function activeFilterCount(values: FilterValues): number {
  return [values.category, values.from, values.to].filter((value) => value !== "").length;
}

/**
 * Search and filters as a plain GET form: it works before (and without) JavaScript,
 * and the URL it produces is the shareable state of the list. On a phone the filters
 * fold behind a button that counts the ones set; they open by themselves when one of
 * them has an error.
 */
export function DiscoveryFilters({
  values,
  errors,
}: {
  values: FilterValues;
  errors: Partial<Record<keyof FilterValues, string>>;
}) {
  // While a search loads, its button says so (the list stays until the new one is in).
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location.pathname === "/";
  const [open, setOpen] = useState(Boolean(errors.category || errors.from || errors.to));
  const active = activeFilterCount(values);
  return (
    <Form method="get" role="search" aria-label="Find events">
      <div className={classes.searchRow}>
        <TextInput
          className={classes.searchBox}
          name="q"
          type="search"
          label="Search"
          placeholder="Jazz, comedy, a venue…"
          defaultValue={values.q}
          maxLength={200}
          error={errors.q}
        />
        <Button type="submit" loading={searching}>
          Search
        </Button>
      </div>
      <Button
        hiddenFrom="sm"
        variant="subtle"
        size="compact-md"
        className={classes.toggle}
        aria-expanded={open}
        aria-controls={filtersId}
        onClick={() => setOpen((was) => !was)}
      >
        {active > 0 ? `Filters (${active})` : "Filters"}
      </Button>
      <div id={filtersId} className={classes.filters} data-open={open ? "" : undefined}>
        <NativeSelect
          name="category"
          label="Category"
          data={categoryOptions}
          defaultValue={values.category}
          error={errors.category}
        />
        <TextInput
          name="from"
          type="date"
          label="From"
          defaultValue={values.from}
          error={errors.from}
        />
        <TextInput name="to" type="date" label="To" defaultValue={values.to} error={errors.to} />
      </div>
    </Form>
  );
}
