import { Anchor, Button, Checkbox, Group, NativeSelect, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { Link } from "react-router";
import { ComposeForm, NobodyToMessage } from "#app/forms/ComposeForm.tsx";
import type { IntentResult } from "#app/forms/intent-action.ts";
import { usePendingIntent } from "#app/forms/use-submitting.ts";
import { attendeeMessageRules } from "#contract/attendee-message-options.ts";
import { holdersText, namesText, usageLine } from "./attendee-message-text.ts";

export type AudienceEvent = {
  id: string;
  title: string;
  startsAt: string;
  ticketTypes: { id: string; name: string }[];
};

export type RecipientPreview = {
  eventId: string;
  ticketTypeIds: string[];
  count: number;
  names: string[];
};

/** What the page's action answers this form: a preview, a sent notice, or a failure. */
export type AttendeeFormResult = IntentResult & { preview?: RecipientPreview };

type Props = {
  events: AudienceEvent[];
  usage: { used: number; limit: number | null };
  sms: boolean;
  result: AttendeeFormResult | undefined;
};

const sameTypes = (a: string[], b: string[]) => [...a].sort().join() === [...b].sort().join();

/**
 * The owner's message to the ticket holders of one event: choose the event (and ticket
 * types), write, preview who it reaches, then send to that many. Changing the audience
 * after a preview asks for a new one before sending.
 */
export function AttendeeMessageForm({ events, usage, sms, result }: Props) {
  const mine = result && (result.intent === "preview" || result.intent === "send");
  const failure = mine && !result.ok ? result.failure : undefined;
  const preview = mine && result.ok ? result.preview : undefined;
  const [eventId, setEventId] = useState(
    preview?.eventId ?? failure?.values.eventId ?? events[0]?.id ?? "",
  );
  const [typeIds, setTypeIds] = useState<string[]>(preview?.ticketTypeIds ?? []);
  const pending = usePendingIntent();
  const event = events.find((e) => e.id === eventId);
  const current =
    preview && preview.eventId === eventId && sameTypes(preview.ticketTypeIds, typeIds)
      ? preview
      : undefined;

  if (events.length === 0) {
    return (
      <NobodyToMessage
        missing="published events"
        to="/business/events"
        action="Publish an event"
        then="and its ticket holders can be messaged here."
      />
    );
  }
  return (
    <ComposeForm
      headingId="attendees-heading"
      heading="Message the attendees of an event"
      intro={
        <Text size="sm">
          Every ticket holder gets a notification, and an email
          {sms ? " or SMS" : ""} as their settings allow. {usageLine(usage)}.
          {sms ? null : (
            <>
              {" "}
              SMS is on the{" "}
              <Anchor component={Link} to="/business/upgrade">
                Pro plan
              </Anchor>
              .
            </>
          )}
        </Text>
      }
      notice={mine && result.ok && !preview ? result.notice : undefined}
      failure={failure}
      rules={attendeeMessageRules}
      bodyRows={4}
      audience={
        <>
          <NativeSelect
            name="eventId"
            label="Event"
            value={eventId}
            onChange={(e) => {
              setEventId(e.currentTarget.value);
              setTypeIds([]);
            }}
            data={events.map((e) => ({ value: e.id, label: e.title }))}
            error={failure?.fieldErrors.eventId}
            required
          />
          {event && event.ticketTypes.length > 1 ? (
            <Checkbox.Group
              label="Ticket types"
              description="Leave all unticked to reach every ticket holder of the event."
              value={typeIds}
              onChange={setTypeIds}
              error={failure?.fieldErrors.ticketTypeIds}
            >
              <Stack gap="xs" mt="xs">
                {event.ticketTypes.map((type) => (
                  <Checkbox key={type.id} name="ticketTypeIds" value={type.id} label={type.name} />
                ))}
              </Stack>
            </Checkbox.Group>
          ) : null}
        </>
      }
    >
      {current ? (
        <Text role="status" data-testid="recipient-preview">
          This message reaches <strong>{holdersText(current.count)}</strong>
          {current.count > 0 ? `: ${namesText(current.names, current.count)}.` : "."}
        </Text>
      ) : null}
      <Group gap="sm">
        <Button
          type="submit"
          name="intent"
          value="preview"
          variant={current ? "default" : "filled"}
          loading={pending === "preview"}
          formNoValidate
        >
          Preview recipients
        </Button>
        {current && current.count > 0 ? (
          <Button type="submit" name="intent" value="send" loading={pending === "send"}>
            Send to {holdersText(current.count)}
          </Button>
        ) : null}
      </Group>
    </ComposeForm>
  );
}
