import { Anchor, Button, Checkbox, Stack, Text } from "@mantine/core";
import { data, Form, Link, redirect, useActionData, useLoaderData } from "react-router";
import { FormMessage } from "#app/components/FormMessage.tsx";
import { Screen } from "#app/components/Screen.tsx";
import { screenMeta } from "#app/components/screen-meta.ts";
import { formFailure } from "#app/forms/form-failure.ts";
import { useSubmitting } from "#app/forms/use-submitting.ts";
import { DeletionSummary } from "#app/profile/DeletionSummary.tsx";
import { serverContext } from "#app/server-context.ts";
import { requireSameOrigin } from "#app/session/require-same-origin.server.ts";
import type { Route } from "./+types/confirm_delete_account";

const title = "Confirm account deletion";
const intro =
  "The final confirmation. Once you confirm, your personal data is erased, your tickets for future events are cancelled, you are signed out on every device and a goodbye page is shown.";

export const meta = () => screenMeta(title, intro);

/** The form only appears after step 1 (re-authentication) in the last ten minutes. */
export async function loader({ context }: Route.LoaderArgs) {
  return context.get(serverContext).invoke("profile.deletionStatus", null);
}

export async function action({ request, context }: Route.ActionArgs) {
  const server = context.get(serverContext);
  requireSameOrigin(server);
  const form = await request.formData();
  if (form.get("understood") !== "on") {
    return data(
      { message: "Tick the box to confirm you understand that deletion cannot be undone." },
      { status: 400 },
    );
  }
  try {
    await server.invoke("profile.deleteAccount", { confirm: true });
  } catch (error) {
    return data({ message: formFailure(error, form).failure.message }, { status: 400 });
  }
  // The session is gone: the goodbye is a public page.
  return redirect("/account_delete_start?deleted=1");
}

export default function Page() {
  const { identityConfirmed } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const submitting = useSubmitting();
  if (!identityConfirmed) {
    return (
      <Screen title={title} intro={intro}>
        <FormMessage kind="notice" title="Confirm it is you first">
          Deleting your account starts with confirming it is you, with your password or an SMS code.
          Then you have 10 minutes to confirm here.
        </FormMessage>
        <div>
          <Button component={Link} to="/delete_account" variant="default">
            Start account deletion
          </Button>
        </div>
      </Screen>
    );
  }
  return (
    <Screen title={title} intro={intro}>
      <DeletionSummary />
      <Form method="post">
        <Stack gap="md" maw="32rem">
          {answer ? <FormMessage kind="error">{answer.message}</FormMessage> : null}
          <Checkbox
            name="understood"
            label="I understand that my account is deleted for good."
            required
          />
          <Text size="sm">This is the last step: there is no undo.</Text>
          <div>
            <Button type="submit" color="red.9" loading={submitting}>
              Delete my account
            </Button>
          </div>
          <Anchor component={Link} to="/profile">
            Keep my account
          </Anchor>
        </Stack>
      </Form>
    </Screen>
  );
}
