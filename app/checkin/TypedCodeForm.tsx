import { Button, Stack, TextInput } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { Form, Link } from "react-router";
import { CallableError } from "#app/callable/callable.ts";
import { AnswerList } from "#app/components/AnswerList.tsx";
import type { CheckedVerdict, OfflineDoor } from "#app/door-offline/use-offline-door.ts";
import { randomId } from "#app/scanner/door-device.ts";
import type { DoorVerdict } from "#contract/door-verdict.ts";
import { VerdictCard } from "./VerdictCard.tsx";

type ServerAnswer = { verdict: DoorVerdict | null; error: string | null } | undefined;

/**
 * The typed-code check. In the browser each code goes through the door (`door.check`: the
 * server online, with the automatic switch; this device's copy offline), so it works
 * without a network; the form's post to the page's action is the way without JavaScript.
 * Under the verdict, the ticket's answers at checkout when the server gave them.
 */
export function TypedCodeForm({
  eventId,
  door,
  scanId,
  serverAnswer,
  posting,
}: {
  eventId: string;
  door: OfflineDoor;
  scanId: string;
  serverAnswer: ServerAnswer;
  posting: boolean;
}) {
  const [checked, setChecked] = useState<CheckedVerdict | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  async function check(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get("code") ?? "").trim();
    if (!code) return;
    setChecking(true);
    setError(null);
    try {
      setChecked(await door.check(code, randomId()));
    } catch (failure) {
      setError(
        failure instanceof CallableError
          ? failure.message
          : "The code could not be checked. Check the connection and try again.",
      );
    } finally {
      setChecking(false);
    }
  }

  const verdict = checked?.verdict ?? serverAnswer?.verdict ?? null;
  if (verdict) {
    const next = `/team_coordinator/check_in/ticket_info?event=${eventId}`;
    return (
      <Stack gap="md">
        <VerdictCard verdict={verdict} offline={checked?.offline ?? false} />
        {verdict.ticket?.answers ? (
          <AnswerList
            answers={verdict.ticket.answers}
            label={`Answers of ${verdict.ticket.attendeeName} at checkout`}
          />
        ) : null}
        <Button
          component={Link}
          to={next}
          size="xl"
          fullWidth
          onClick={(click) => {
            // Checked in the browser: back to the form here, no page load (none offline).
            if (!checked) return;
            click.preventDefault();
            setChecked(null);
          }}
        >
          Check the next ticket
        </Button>
        <Button
          component={Link}
          to={`/team_coordinator/check_in/scanner/${eventId}`}
          size="lg"
          variant="default"
          fullWidth
        >
          Back to scanning
        </Button>
      </Stack>
    );
  }
  return (
    <Form method="post" key={scanId} onSubmit={check}>
      <Stack gap="md">
        <input type="hidden" name="scanId" value={scanId} />
        <TextInput
          name="code"
          label="Ticket code"
          description="Ten letters and digits, like ABCDE-23456, or a scanned QR code"
          size="lg"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          required
          maxLength={500}
          error={error ?? serverAnswer?.error ?? undefined}
        />
        <Button type="submit" size="xl" fullWidth loading={checking || posting}>
          Check the ticket
        </Button>
      </Stack>
    </Form>
  );
}
