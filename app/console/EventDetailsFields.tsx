import { Checkbox, NativeSelect, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { DEFAULT_OFFLINE_SEARCH_LIMIT } from "#contract/door-offline.ts";
import { eventCategories } from "#contract/event-options.ts";
import {
  CancellationPolicyFields,
  type CancellationPolicyValues,
} from "./CancellationPolicyFields.tsx";
import { DescriptionField } from "./DescriptionField.tsx";
import { TimeZoneSelect } from "./TimeZoneSelect.tsx";
import { taxRateText } from "./tax-rate-input.ts";

export type EventDetailsValues = {
  title: string;
  description: string;
  venueName: string;
  venueAddress: string;
  timeZone: string;
  startsLocal: string;
  endsLocal: string;
  category: string;
  /** Saved: a boolean; sent back with a refused form: "on" or "off" as it was posted. */
  reminders: boolean | string;
  /** Saved: basis points and a boolean; a refused form sends back what was typed instead. */
  taxRateBp?: number;
  taxInclusive?: boolean;
  taxRate?: string;
  taxMode?: string;
  /** Saved: a number; a refused form sends back what was typed. */
  offlineSearchLimit?: number | string;
} & CancellationPolicyValues;

type Props = {
  values: EventDetailsValues;
  errors: Record<string, string>;
  zones: string[];
  /** A new, untouched form takes the browser's zone once the page runs there. */
  followBrowserZone: boolean;
};

const categoryChoices = eventCategories.map((c) => ({ value: c.id, label: c.label }));

const taxModes = [
  { value: "included", label: "Prices include tax" },
  { value: "added", label: "Tax is added at checkout" },
];

/** The tax fields' text: as typed when a refused form comes back, else as saved. */
function taxValues(values: EventDetailsValues) {
  return {
    rate: values.taxRate ?? taxRateText(values.taxRateBp ?? 0),
    mode: values.taxMode ?? (values.taxInclusive === false ? "added" : "included"),
  };
}

/** The editor's fields of an event (the form around them is the page's). */
export function EventDetailsFields({ values, errors, zones, followBrowserZone }: Props) {
  const tax = taxValues(values);
  return (
    <Stack gap="md">
      <TextInput
        name="title"
        label="Title"
        required
        maxLength={140}
        defaultValue={values.title}
        error={errors.title}
      />
      <DescriptionField defaultValue={values.description} error={errors.description} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          name="venueName"
          label="Venue"
          required
          maxLength={200}
          defaultValue={values.venueName}
          error={errors.venueName}
        />
        <TextInput
          name="venueAddress"
          label="Venue address"
          maxLength={300}
          autoComplete="street-address"
          defaultValue={values.venueAddress}
          error={errors.venueAddress}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TimeZoneSelect
          zones={zones}
          defaultValue={values.timeZone}
          followBrowser={followBrowserZone}
          error={errors.timeZone}
        />
        <NativeSelect
          name="category"
          label="Category"
          data={categoryChoices}
          defaultValue={values.category || "music"}
          error={errors.category}
          required
        />
        <TextInput
          name="startsLocal"
          label="Starts"
          type="datetime-local"
          required
          defaultValue={values.startsLocal}
          error={errors.startsLocal}
        />
        <TextInput
          name="endsLocal"
          label="Ends"
          type="datetime-local"
          required
          defaultValue={values.endsLocal}
          error={errors.endsLocal}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          name="taxRate"
          label="Tax rate (%)"
          description="0 for none, at most 50, like 20 or 7.5"
          inputMode="decimal"
          defaultValue={tax.rate}
          error={errors.taxRate}
        />
        <NativeSelect
          name="taxMode"
          label="How tax is charged"
          description="Shown to buyers at checkout"
          data={taxModes}
          defaultValue={tax.mode}
          error={errors.taxMode}
        />
      </SimpleGrid>
      {/* An unticked box posts nothing: the hidden "off" says it was shown and left empty. */}
      <input type="hidden" name="reminders" value="off" />
      <Checkbox
        name="reminders"
        value="on"
        label="Send a reminder 24 hours before"
        description="Ticket holders get it in the app, and by email or SMS as they chose."
        defaultChecked={values.reminders === true || values.reminders === "on"}
      />
      <CancellationPolicyFields values={values} errors={errors} />
      <TextInput
        name="offlineSearchLimit"
        label="Offline search at the door: events of up to N tickets (0: off)"
        description="Door devices keep guests' names and codes to search them without a network. Scanning works offline at any size."
        inputMode="numeric"
        defaultValue={String(values.offlineSearchLimit ?? DEFAULT_OFFLINE_SEARCH_LIMIT)}
        error={errors.offlineSearchLimit}
      />
    </Stack>
  );
}
