import { Alert, Button, Group, List, Modal, Stack, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { type ReactNode, useEffect } from "react";
import type { FetcherWithComponents } from "react-router";
import type { IntentResult } from "#app/forms/intent-action.ts";

type Props = {
  /** The form's `intent`; the page's action dispatches on it. */
  intent: string;
  fetcher: FetcherWithComponents<IntentResult>;
  buttonLabel: string;
  title: string;
  /** What will happen, in a sentence or two. */
  explanation: ReactNode;
  confirmLabel: string;
  color?: string;
  variant?: "filled" | "light" | "outline" | "default" | "subtle";
  /** Hidden fields (ids) and inputs the confirmation asks for (a reason). */
  children?: ReactNode;
  /** What is in the way: said before the buttons, and the confirm button is disabled. */
  blockers?: string[];
};

/**
 * A button whose action happens only after a confirmation dialog: publishing,
 * unpublishing, cancelling, deleting. The dialog closes when the action has answered;
 * the answer is shown by whoever owns the fetcher.
 */
export function ConfirmAction({
  intent,
  fetcher,
  buttonLabel,
  title,
  explanation,
  confirmLabel,
  color,
  variant = "light",
  children,
  blockers = [],
}: Props) {
  const blocked = blockers.length > 0;
  const [opened, { open, close }] = useDisclosure(false);
  const busy = fetcher.state !== "idle" && fetcher.formData?.get("intent") === intent;
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data !== undefined) close();
  }, [fetcher.state, fetcher.data, close]);
  return (
    <>
      <Button color={color} variant={variant} onClick={open} loading={busy}>
        {buttonLabel}
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title={title}
        centered
        closeButtonProps={{ "aria-label": "Close" }}
      >
        <fetcher.Form method="post">
          <Stack gap="md">
            <input type="hidden" name="intent" value={intent} />
            <Text>{explanation}</Text>
            {blocked ? (
              <Alert color="orange" variant="light" role="status">
                <Text size="sm" fw={700}>
                  Not possible yet:
                </Text>
                <List size="sm" spacing={4}>
                  {blockers.map((blocker) => (
                    <List.Item key={blocker}>{blocker}</List.Item>
                  ))}
                </List>
              </Alert>
            ) : null}
            {children}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Go back
              </Button>
              <Button type="submit" color={color} loading={busy} disabled={blocked}>
                {confirmLabel}
              </Button>
            </Group>
          </Stack>
        </fetcher.Form>
      </Modal>
    </>
  );
}
