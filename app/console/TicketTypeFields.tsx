import { Checkbox, NativeSelect, SimpleGrid, Stack, Textarea, TextInput } from "@mantine/core";
import { ticketCurrencies } from "#contract/event-options.ts";

export type TicketTypeValues = {
  name: string;
  description: string;
  price: string;
  currency: string;
  capacity: string;
  perOrderLimit: string;
  salesStartLocal: string;
  salesEndLocal: string;
  paymentMethod: string;
  /** Saved: a boolean; typed and sent back after a refusal: "on" or "off". */
  hidden: boolean | string;
};

type Props = {
  values: TicketTypeValues;
  errors: Record<string, string>;
  /** Unique per form on the page, so labels point at their own inputs. */
  idPrefix: string;
  timeZone: string;
  /** What is already taken: capacity cannot go below it. */
  taken?: number;
  /** Why this server takes no cards (null: it does); "By card" is then not offered. */
  cardsOff: string | null;
};

/** How a priced ticket is paid; a free one has nothing to pay. */
function paymentChoices(cardsOff: string | null) {
  return [
    { value: "venue", label: "At the venue" },
    {
      value: "card",
      label: cardsOff ? "By card (off on this server)" : "By card",
      disabled: cardsOff !== null,
    },
  ];
}

/** A ticket type's fields (the form around them is the caller's). */
export function TicketTypeFields({
  values,
  errors,
  idPrefix,
  timeZone,
  taken = 0,
  cardsOff,
}: Props) {
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <Stack gap="sm">
      <TextInput
        id={id("name")}
        name="name"
        label="Name"
        placeholder="General admission"
        required
        maxLength={100}
        defaultValue={values.name}
        error={errors.name}
      />
      <Textarea
        id={id("description")}
        name="description"
        label="Description (optional)"
        maxLength={1000}
        autosize
        minRows={1}
        defaultValue={values.description}
        error={errors.description}
      />
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <TextInput
          id={id("price")}
          name="price"
          label="Price"
          description="0 for free"
          inputMode="decimal"
          required
          defaultValue={values.price}
          error={errors.price}
        />
        <NativeSelect
          id={id("currency")}
          name="currency"
          label="Currency"
          description="One per event"
          data={[...ticketCurrencies]}
          defaultValue={values.currency}
          error={errors.currency}
        />
        <TextInput
          id={id("capacity")}
          name="capacity"
          label="Capacity"
          description={taken > 0 ? `At least ${taken} (taken)` : "Tickets for sale"}
          inputMode="numeric"
          required
          defaultValue={values.capacity}
          error={errors.capacity}
        />
        <TextInput
          id={id("perOrderLimit")}
          name="perOrderLimit"
          label="Per order"
          description="Most in one order"
          inputMode="numeric"
          required
          defaultValue={values.perOrderLimit}
          error={errors.perOrderLimit}
        />
      </SimpleGrid>
      <NativeSelect
        id={id("paymentMethod")}
        name="paymentMethod"
        label="Payment"
        description={
          cardsOff && values.paymentMethod !== "card"
            ? "Priced tickets only. Card payments are off on this server."
            : "Priced tickets only: free tickets are never charged."
        }
        data={paymentChoices(cardsOff)}
        defaultValue={values.paymentMethod || "venue"}
        error={errors.paymentMethod}
        maw="20rem"
      />
      {/* An unticked box posts nothing: the hidden "off" says it was shown and left empty. */}
      <input type="hidden" name="hidden" value="off" />
      <Checkbox
        id={id("hidden")}
        name="hidden"
        value="on"
        label="Hidden"
        description="Shown and sold only with an access code that names it (guests, press, staff)."
        defaultChecked={values.hidden === true || values.hidden === "on"}
        error={errors.hidden}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          id={id("salesStartLocal")}
          name="salesStartLocal"
          label="Sales start (optional)"
          description={`${timeZone}. Empty: from publishing.`}
          type="datetime-local"
          defaultValue={values.salesStartLocal}
          error={errors.salesStartLocal}
        />
        <TextInput
          id={id("salesEndLocal")}
          name="salesEndLocal"
          label="Sales end (optional)"
          description={`${timeZone}. Empty: no fixed end.`}
          type="datetime-local"
          defaultValue={values.salesEndLocal}
          error={errors.salesEndLocal}
        />
      </SimpleGrid>
    </Stack>
  );
}
