import { Badge, Paper, Stack, Text } from "@mantine/core";
import { TicketQr } from "./TicketQr.tsx";
import { ticketStatusText } from "./ticket-labels.ts";

export type DoorTicketData = {
  id: string;
  status: string;
  attendeeName: string;
  ticketTypeName: string;
  qr: string | null;
  manualCode: string | null;
};

/** One admission as shown at the door: the QR, who it is for, and the code to type. */
export function DoorTicket({
  ticket,
  headingLevel = 2,
}: {
  ticket: DoorTicketData;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <Paper withBorder p="md" radius="md" data-ticket-id={ticket.id}>
      <Stack gap="sm" align="stretch">
        <div>
          <Heading style={{ margin: 0, fontSize: "1.25rem" }}>{ticket.attendeeName}</Heading>
          <Text c="dimmed">{ticket.ticketTypeName}</Text>
        </div>
        {ticket.qr ? (
          <>
            <div style={{ maxWidth: "28rem", width: "100%", marginInline: "auto" }}>
              <TicketQr
                token={ticket.qr}
                label={`QR code of the ticket for ${ticket.attendeeName}`}
              />
            </div>
            <Text ta="center" size="sm" c="dimmed">
              Code to type if the QR will not scan
            </Text>
            <Text
              ta="center"
              fw={700}
              ff="monospace"
              fz="1.5rem"
              data-testid="manual-code"
              style={{ letterSpacing: "0.1em" }}
            >
              {ticket.manualCode}
            </Text>
          </>
        ) : (
          <Badge size="lg" variant="light" color={ticket.status === "cancelled" ? "red" : "gray"}>
            {ticketStatusText[ticket.status] ?? ticket.status}
          </Badge>
        )}
      </Stack>
    </Paper>
  );
}
