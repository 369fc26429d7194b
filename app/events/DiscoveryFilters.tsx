import { Button, Group, NativeSelect, SimpleGrid, TextInput } from "@mantine/core";
import { Form, useNavigation } from "react-router";
import { eventCategories } from "../../server/modules/events/event-options.ts";

export type FilterValues = { q: string; category: string; from: string; to: string };

const categoryOptions = [
  { value: "", label: "All categories" },
  ...eventCategories.map((c) => ({ value: c.id, label: c.label })),
];

/**
 * Search and filters as a plain GET form: it works before (and without) JavaScript,
 * and the URL it produces is the shareable state of the list.
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
  return (
    <Form method="get" role="search" aria-label="Find events">
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
        <TextInput
          name="q"
          type="search"
          label="Search"
          placeholder="Jazz, comedy, a venue…"
          defaultValue={values.q}
          maxLength={200}
          error={errors.q}
        />
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
      </SimpleGrid>
      <Group mt="sm">
        <Button type="submit" loading={searching}>
          Search
        </Button>
      </Group>
    </Form>
  );
}
