import { Button, Group, Loader, Modal, Stack } from "@mantine/core";
import { useEffect, useState } from "react";
import { useFetcher, useRevalidator } from "react-router";
import { FormMessage } from "#app/components/FormMessage.tsx";
import type { CancelDialogData, CancelDialogResult } from "#app/routes/order.cancel.tsx";
import { CancelTicketsForm, cancelDialogPath } from "./CancelTicketsForm.tsx";
import { resultLine } from "./cancellation-text.ts";

const alarm = "light-dark(var(--mantine-color-red-8), var(--mantine-color-red-4))";

function quotePath(reference: string, chosen: string[] | null): string {
  const params = new URLSearchParams({ reference });
  for (const id of chosen ?? []) params.append("ticket", id);
  return `${cancelDialogPath}?${params}`;
}

/** The valid tickets the buyer ticks (all at first: the whole booking). */
function useChosenTickets(data: CancelDialogData | undefined) {
  const valid = (data?.booking.tickets ?? []).filter((t) => t.status === "valid" && t.id);
  const [chosen, setChosen] = useState<string[] | null>(null);
  const ids = chosen ?? valid.map((t) => t.id as string);
  const toggle = (id: string, on: boolean) =>
    setChosen(on ? [...new Set([...ids, id])] : ids.filter((x) => x !== id));
  return { ids, whole: ids.length === valid.length, toggle, reset: () => setChosen(null) };
}

/**
 * "Cancel booking": a dialog with the booking's valid tickets to choose (all: the whole
 * booking), what cancelling them gives back under the event's policy (the quote, asked
 * again on each change), then what was done: tickets cancelled, the refund and its state.
 * Without JavaScript the button is a link to the same form as a page (`/order/cancel`).
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
  const done = cancel.data && !cancel.data.failure ? cancel.data : null;
  const close = () => {
    setOpened(false);
    if (done) revalidator.revalidate();
  };
  return (
    <>
      <Button
        component="a"
        href={quotePath(reference, null)}
        variant="outline"
        // Dark red on light, light red on dark: readable on both (the default red is not).
        style={{ "--button-color": alarm, "--button-bd": `1px solid ${alarm}` }}
        // A button that opens the dialog; without JavaScript, a link to the same form as a page.
        role="button"
        aria-haspopup="dialog"
        onClick={(event) => {
          event.preventDefault();
          tickets.reset();
          setOpened(true);
          loaded.load(quotePath(reference, null));
        }}
      >
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
          <CancelTicketsForm
            data={data}
            FormComponent={cancel.Form}
            chosen={tickets}
            quoting={loaded.state !== "idle"}
            failure={cancel.data?.failure?.message}
            pending={cancel.state !== "idle"}
            keep={
              <Button variant="default" onClick={close}>
                Keep my booking
              </Button>
            }
          />
        )}
      </Modal>
    </>
  );
}
