import { Checkbox, NativeSelect, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { eventCategories } from "#contract/event-options.ts";
import { DescriptionField } from "./DescriptionField.tsx";
import { TimeZoneSelect } from "./TimeZoneSelect.tsx";

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
};

type Props = {
  values: EventDetailsValues;
  errors: Record<string, string>;
  zones: string[];
  /** A new, untouched form takes the browser's zone once the page runs there. */
  followBrowserZone: boolean;
};

const categoryChoices = eventCategories.map((c) => ({ value: c.id, label: c.label }));

/** The editor's fields of an event (the form around them is the page's). */
export function EventDetailsFields({ values, errors, zones, followBrowserZone }: Props) {
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
      {/* An unticked box posts nothing: the hidden "off" says it was shown and left empty. */}
      <input type="hidden" name="reminders" value="off" />
      <Checkbox
        name="reminders"
        value="on"
        label="Send a reminder 24 hours before"
        description="Ticket holders get it in the app, and by email or SMS as they chose."
        defaultChecked={values.reminders === true || values.reminders === "on"}
      />
    </Stack>
  );
}
