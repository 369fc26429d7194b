import { Checkbox, Fieldset, SimpleGrid, TextInput } from "@mantine/core";
import { MAX_CANCELLATION_FEE_PERCENT } from "#contract/cancellation-policy.ts";

export type CancellationPolicyValues = {
  /** Saved: a boolean and numbers; a refused form sends back what was posted instead. */
  attendeeCancellation?: boolean | string | string[];
  cancellationDeadlineHours?: number | string;
  cancellationFeePercent?: number | string;
};

function ticked(value: CancellationPolicyValues["attendeeCancellation"]): boolean {
  if (value === undefined) return true;
  if (Array.isArray(value)) return value.includes("on");
  return value === true || value === "on";
}

/** The event's cancellation policy: whether buyers may cancel, until when, at what fee. */
export function CancellationPolicyFields({
  values,
  errors,
}: {
  values: CancellationPolicyValues;
  errors: Record<string, string>;
}) {
  return (
    <Fieldset legend="Cancellations by buyers" variant="unstyled">
      {/* An unticked box posts nothing: the hidden "off" says it was shown and left empty. */}
      <input type="hidden" name="attendeeCancellation" value="off" />
      <Checkbox
        name="attendeeCancellation"
        value="on"
        label="Buyers may cancel their bookings"
        description="Card payments are refunded, less the fee below. You can always refund an order yourself."
        defaultChecked={ticked(values.attendeeCancellation)}
        error={errors.attendeeCancellation}
        mb="sm"
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          name="cancellationDeadlineHours"
          label="Up to how many hours before the start"
          description="0: until the event starts"
          inputMode="numeric"
          defaultValue={String(values.cancellationDeadlineHours ?? 0)}
          error={errors.cancellationDeadlineHours}
        />
        <TextInput
          name="cancellationFeePercent"
          label="Cancellation fee (%)"
          description={`Kept from the refund, 0 to ${MAX_CANCELLATION_FEE_PERCENT}`}
          inputMode="numeric"
          defaultValue={String(values.cancellationFeePercent ?? 0)}
          error={errors.cancellationFeePercent}
        />
      </SimpleGrid>
    </Fieldset>
  );
}
