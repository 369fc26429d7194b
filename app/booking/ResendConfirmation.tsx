import { Button, Group, Text } from "@mantine/core";
import { useFetcher } from "react-router";
import type { IntentResult } from "#app/forms/intent-action.ts";

/** "Send my tickets again": the booking's confirmation email, queued again (bookings.resend). */
export function ResendConfirmation({ bookingId }: { bookingId: string }) {
  const fetcher = useFetcher<IntentResult>();
  const answer = fetcher.data;
  return (
    <fetcher.Form method="post" action="/order">
      <Group gap="xs">
        <input type="hidden" name="intent" value="resend" />
        <input type="hidden" name="bookingId" value={bookingId} />
        <Button type="submit" size="compact-sm" variant="subtle" loading={fetcher.state !== "idle"}>
          Send my tickets again
        </Button>
        {answer ? (
          <Text size="sm" role={answer.ok ? "status" : "alert"} c={answer.ok ? undefined : "red"}>
            {answer.ok ? answer.notice : answer.failure.message}
          </Text>
        ) : null}
      </Group>
    </fetcher.Form>
  );
}
