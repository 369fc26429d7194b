import { Button, Checkbox, Fieldset, Group, Loader, Modal, Stack, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { useFetcher, useRevalidator } from "react-router";
import { FormMessage } from "#app/components/FormMessage.tsx";
import type { CancelDialogData, CancelDialogResult } from "#app/routes/order.cancel.tsx";
import { quoteLine, resultLine } from "./cancellation-text.ts";

const dialogPath = "/order/cancel";

function quotePath(reference: string, chosen: string[] | null): string {
  const params = new URLSearchParams({ reference });
  for (const id of chosen ?? []) params.append("ticket", id);
  return `${dialogPath}?${params}`;
}

/** The valid tickets the buyer ticks (all at first: the whole booking). */
function useChosenTickets(data: CancelDialogData | undefined) {
  const valid = (data?.booking.tickets ?? []).filter((t) => t.status === "valid" && t.id);
  const [chosen, setChosen] = useState<string[] | null>(null);
  const ids = chosen ?? valid.map((t) => t.id as string);
  const toggle = (id: string, on: boolean) =>
    setChosen(on ? [...new Set([...ids, id])] : ids.filter((x) => x !== id));
  return { valid, ids, whole: ids.length === valid.length, toggle, reset: () => setChosen(null) };
}

/**
 * "Cancel booking": a dialog with the booking's valid tickets to choose (all: the whole
 * booking), what cancelling them gives back under the event's policy (the quote, asked
 * again on each change), then what was done: tickets cancelled, the refund and its state.
 */
export function CancelBookingDialog({ reference }: { reference: string }) {
  const [opened, setOpened] = useState(false);
  const loaded = useFetcher<CancelDialogData>();
  const cancel = useFetcher<CancelDialogResult>();
  const revalidator = useRevalidator();
  const data = loaded.data;
  const tickets = useChosenTickets(data);
  const chosenKey = tickets.whole ? "" : tickets.ids.join(",");
  // biome-ignore lint/correctness/useExhaustiveDependencies: the quote follows the choice
  useEffect(() => {
    if (opened && data) loaded.load(quotePath(reference, tickets.whole ? null : tickets.ids));
  }, [chosenKey]);
  const open = () => {
    tickets.reset();
    setOpened(true);
    loaded.load(quotePath(reference, null));
  };
  const done = cancel.data && !cancel.data.failure ? cancel.data : null;
  const close = () => {
    setOpened(false);
    if (done) revalidator.revalidate();
  };
  return (
    <>
      <Button color="red.8" variant="outline" onClick={open} aria-haspopup="dialog">
        Cancel booking
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title={`Cancel booking ${reference}`}
        size="md"
        centered
        closeButtonProps={{ "aria-label": "Close" }}
      >
        {done ? (
          <Stack gap="md">
            <FormMessage kind="notice">{resultLine(done.cancelledCount, done.refund)}</FormMessage>
            <Button onClick={close}>Done</Button>
          </Stack>
        ) : !data ? (
          <Group justify="center" p="md">
            <Loader size="sm" aria-label="Loading the booking" />
          </Group>
        ) : (
          <cancel.Form method="post" action={dialogPath}>
            <Stack gap="md">
              <input type="hidden" name="bookingId" value={data.booking.id} />
              <input type="hidden" name="whole" value={tickets.whole ? "yes" : "no"} />
              <Fieldset
                legend="Tickets to cancel (all of them: the whole booking)"
                variant="unstyled"
              >
                <Stack gap="xs" mt="xs">
                  {tickets.valid.map((ticket) => (
                    <Checkbox
                      key={ticket.id}
                      name="ticket"
                      value={ticket.id ?? ""}
                      checked={tickets.ids.includes(ticket.id ?? "")}
                      onChange={(event) =>
                        tickets.toggle(ticket.id ?? "", event.currentTarget.checked)
                      }
                      label={`${ticket.attendeeName} (${ticket.ticketTypeName})`}
                    />
                  ))}
                </Stack>
              </Fieldset>
              <Text role="status" aria-live="polite" fw={600} data-quote>
                {loaded.state === "loading" ? "Working out your refund…" : quoteLine(data.quote)}
              </Text>
              {cancel.data?.failure ? (
                <FormMessage kind="error">{cancel.data.failure.message}</FormMessage>
              ) : null}
              <Group justify="flex-end" gap="sm">
                <Button variant="default" onClick={close}>
                  Keep my booking
                </Button>
                <Button
                  type="submit"
                  color="red.8"
                  loading={cancel.state !== "idle"}
                  disabled={
                    !data.quote.allowed || tickets.ids.length === 0 || loaded.state !== "idle"
                  }
                >
                  {tickets.whole
                    ? "Cancel the booking"
                    : `Cancel ${tickets.ids.length} ticket${tickets.ids.length === 1 ? "" : "s"}`}
                </Button>
              </Group>
            </Stack>
          </cancel.Form>
        )}
      </Modal>
    </>
  );
}
