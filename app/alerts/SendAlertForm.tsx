import {
  Anchor,
  Button,
  Checkbox,
  Radio,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { Form, Link } from "react-router";
import { FormMessage } from "#app/components/FormMessage.tsx";
import type { IntentResult } from "#app/forms/intent-action.ts";
import { useSubmitting } from "#app/forms/use-submitting.ts";
import { alertRules } from "#contract/alert-options.ts";

type TeamChoice = { id: string; name: string; memberCount: number };

/** The owner's message to the members of chosen teams: an alert they get live. */
export function SendAlertForm({
  teams,
  result,
}: {
  teams: TeamChoice[];
  result: IntentResult | undefined;
}) {
  const submitting = useSubmitting();
  const failure = result && !result.ok ? result.failure : undefined;
  if (teams.length === 0) {
    return (
      <Text>
        You have no door teams yet.{" "}
        <Anchor component={Link} to="/business/teams">
          Create a team
        </Anchor>{" "}
        and add your door staff, then message them here.
      </Text>
    );
  }
  return (
    <Form method="post" aria-labelledby="alert-heading">
      <Stack gap="sm">
        <Title order={2} size="h3" id="alert-heading">
          Alert your door teams
        </Title>
        {result?.ok ? <FormMessage kind="notice">{result.notice}</FormMessage> : null}
        {failure ? <FormMessage kind="error">{failure.message}</FormMessage> : null}
        <Checkbox.Group
          label="Teams"
          description="Every member of each team gets the alert at once."
          error={failure?.fieldErrors.teamIds}
          required
        >
          <Stack gap="xs" mt="xs">
            {teams.map((team) => (
              <Checkbox
                key={team.id}
                name="teamIds"
                value={team.id}
                label={team.name}
                description={`${team.memberCount} ${team.memberCount === 1 ? "member" : "members"}`}
              />
            ))}
          </Stack>
        </Checkbox.Group>
        <TextInput
          name="subject"
          label="Subject"
          required
          maxLength={alertRules.subjectMaxLength}
          defaultValue={failure?.values.subject ?? ""}
          error={failure?.fieldErrors.subject}
        />
        <Textarea
          name="body"
          label="Message"
          required
          autosize
          minRows={3}
          maxLength={alertRules.bodyMaxLength}
          defaultValue={failure?.values.body ?? ""}
          error={failure?.fieldErrors.body}
        />
        <Radio.Group
          name="urgency"
          label="Urgency"
          defaultValue={failure?.values.urgency || "normal"}
          error={failure?.fieldErrors.urgency}
        >
          <Stack gap="xs" mt="xs">
            <Radio value="normal" label="Normal" />
            <Radio value="urgent" label="Urgent (highlighted, with a stronger sound)" />
          </Stack>
        </Radio.Group>
        <div>
          <Button type="submit" loading={submitting}>
            Send alert
          </Button>
        </div>
      </Stack>
    </Form>
  );
}
