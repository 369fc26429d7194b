import { Checkbox, Stack } from "@mantine/core";

type Props = {
  /** Field ids are `{idPrefix}-type-{ticketTypeId}`. */
  idPrefix: string;
  /** What none ticked means, and anything else the organiser should know. */
  description: string;
  ticketTypes: { id: string; name: string; hidden: boolean }[];
  defaultValue: string[];
  error?: string | undefined;
};

/**
 * The event's ticket types as checkboxes posted as `ticketTypeIds` (what a code or a
 * question applies to), hidden ones marked; nothing for an event without types.
 */
export function TicketTypeChecks({
  idPrefix,
  description,
  ticketTypes,
  defaultValue,
  error,
}: Props) {
  if (ticketTypes.length === 0) return null;
  return (
    <Checkbox.Group
      label="Ticket types"
      description={description}
      defaultValue={defaultValue}
      error={error}
    >
      <Stack gap={6} pt={4}>
        {ticketTypes.map((type) => (
          <Checkbox
            key={type.id}
            id={`${idPrefix}-type-${type.id}`}
            name="ticketTypeIds"
            value={type.id}
            label={type.hidden ? `${type.name} (hidden)` : type.name}
          />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}
