import { Group, Radio, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { TicketTypeChecks } from "#app/console/TicketTypeChecks.tsx";
import { MAX_CODE_LENGTH } from "#contract/event-codes.ts";
import type { CodeFormValues } from "./code-form-input.ts";

type Props = {
  values: CodeFormValues;
  errors: Record<string, string>;
  /** Unique per form on the page, so labels point at their own inputs. */
  idPrefix: string;
  timeZone: string;
  currency: string;
  ticketTypes: { id: string; name: string; hidden: boolean }[];
};

/** A code's fields (the form around them is the caller's): the code, its discount, types, limits, window. */
export function CodeFields({ values, errors, idPrefix, timeZone, currency, ticketTypes }: Props) {
  const id = (name: string) => `${idPrefix}-${name}`;
  const zone = timeZone.replace(/_/g, " ");
  return (
    <Stack gap="sm">
      <TextInput
        id={id("promoCode")}
        name="promoCode"
        label="Code"
        description="3 to 40 letters, digits, - or _. Buyers may type it in any case."
        required
        maxLength={MAX_CODE_LENGTH}
        autoCapitalize="characters"
        autoComplete="off"
        spellCheck={false}
        defaultValue={values.promoCode}
        error={errors.promoCode}
        maw="20rem"
      />
      <Radio.Group
        name="discountKind"
        label="What it does"
        defaultValue={values.discountKind}
        error={errors.discountKind}
      >
        <Stack gap="xs" pt={4}>
          <Group gap="sm" align="center">
            <Radio id={id("kind-percent")} value="percent" label="A percentage off" />
            <TextInput
              id={id("percent")}
              name="percent"
              aria-label="Percent off"
              inputMode="numeric"
              rightSection={<Text size="sm">%</Text>}
              defaultValue={values.percent}
              error={errors.percent}
              w="7rem"
            />
          </Group>
          <Group gap="sm" align="center">
            <Radio id={id("kind-fixed")} value="fixed" label="An amount off each ticket" />
            <TextInput
              id={id("amount")}
              name="amount"
              aria-label={`Amount off each ticket (${currency})`}
              inputMode="decimal"
              rightSection={<Text size="sm">{currency}</Text>}
              defaultValue={values.amount}
              error={errors.amount}
              w="8rem"
            />
          </Group>
          <Radio
            id={id("kind-none")}
            value="none"
            label="No discount: access to hidden ticket types only"
          />
        </Stack>
      </Radio.Group>
      <TicketTypeChecks
        idPrefix={idPrefix}
        description="None ticked: every public type. A hidden type is sold only with a code that ticks it."
        ticketTypes={ticketTypes}
        defaultValue={values.ticketTypeIds}
        error={errors.ticketTypeIds}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          id={id("maxUses")}
          name="maxUses"
          label="Uses in all (optional)"
          description="Orders. Empty: no limit."
          inputMode="numeric"
          defaultValue={values.maxUses}
          error={errors.maxUses}
        />
        <TextInput
          id={id("maxPerPerson")}
          name="maxPerPerson"
          label="Uses per person (optional)"
          description="Orders. Empty: no limit."
          inputMode="numeric"
          defaultValue={values.maxPerPerson}
          error={errors.maxPerPerson}
        />
        <TextInput
          id={id("validFromLocal")}
          name="validFromLocal"
          label="Valid from (optional)"
          description={`${zone}. Empty: at once.`}
          type="datetime-local"
          defaultValue={values.validFromLocal}
          error={errors.validFromLocal}
        />
        <TextInput
          id={id("validUntilLocal")}
          name="validUntilLocal"
          label="Valid until (optional)"
          description={`${zone}. Empty: until the sale ends.`}
          type="datetime-local"
          defaultValue={values.validUntilLocal}
          error={errors.validUntilLocal}
        />
      </SimpleGrid>
    </Stack>
  );
}
