import { Button, Checkbox, Radio, Stack } from "@mantine/core";
import { ComposeForm, NobodyToMessage } from "#app/forms/ComposeForm.tsx";
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
      <NobodyToMessage
        missing="door teams"
        to="/business/teams"
        action="Create a team"
        then="and add your door staff, then message them here."
      />
    );
  }
  return (
    <ComposeForm
      headingId="alert-heading"
      heading="Alert your door teams"
      notice={result?.ok ? result.notice : undefined}
      failure={failure}
      rules={alertRules}
      bodyRows={3}
      audience={
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
      }
    >
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
    </ComposeForm>
  );
}
