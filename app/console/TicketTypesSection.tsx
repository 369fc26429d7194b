import { Stack, Text } from "@mantine/core";
import { NewTicketTypeForm } from "./NewTicketTypeForm.tsx";
import { type ConsoleTicketType, TicketTypeCard } from "./TicketTypeCard.tsx";

type Props = {
  ticketTypes: ConsoleTicketType[];
  timeZone: string;
  editable: boolean;
  /** Why this server takes no cards (null: it does). */
  cardsOff: string | null;
};

/** The event's ticket types, each with taken / capacity, and the form to add one. */
export function TicketTypesSection({ ticketTypes, timeZone, editable, cardsOff }: Props) {
  return (
    <>
      {ticketTypes.length === 0 ? (
        <Text c="dimmed">No ticket types yet: add at least one to publish.</Text>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {ticketTypes.map((type) => (
            <TicketTypeCard
              key={type.id}
              type={type}
              timeZone={timeZone}
              editable={editable}
              cardsOff={cardsOff}
            />
          ))}
        </Stack>
      )}
      {editable ? (
        <NewTicketTypeForm
          timeZone={timeZone}
          currency={ticketTypes[0]?.currency ?? "GBP"}
          cardsOff={cardsOff}
        />
      ) : null}
    </>
  );
}
