import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { type ReactNode, useEffect } from "react";
import type { FetcherWithComponents } from "react-router";
import type { ConsoleResult } from "./console-action";

type Props = {
  /** The form's `intent`; the page's action dispatches on it. */
  intent: string;
  fetcher: FetcherWithComponents<ConsoleResult>;
  buttonLabel: string;
  title: string;
  /** What will happen, in a sentence or two. */
  explanation: ReactNode;
  confirmLabel: string;
  color?: string;
  variant?: "filled" | "light" | "outline" | "default" | "subtle";
  /** Hidden fields (ids) and inputs the confirmation asks for (a reason). */
  children?: ReactNode;
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
}: Props) {
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
      <Modal opened={opened} onClose={close} title={title} centered>
        <fetcher.Form method="post">
          <Stack gap="md">
            <input type="hidden" name="intent" value={intent} />
            <Text>{explanation}</Text>
            {children}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Go back
              </Button>
              <Button type="submit" color={color} loading={busy}>
                {confirmLabel}
              </Button>
            </Group>
          </Stack>
        </fetcher.Form>
      </Modal>
    </>
  );
}
