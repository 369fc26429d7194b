import { Anchor, Button, Checkbox, Stack, Text } from "@mantine/core";
import { data, Form, Link, redirect, useActionData } from "react-router";
import { formFailure } from "~/accounts/form-failure";
import { useSubmitting } from "~/accounts/use-submitting";
import { FormMessage } from "~/components/FormMessage";
import { Screen } from "~/components/Screen";
import { screenMeta } from "~/components/screen-meta";
import { DeletionSummary } from "~/profile/DeletionSummary";
import { serverContext } from "~/server-context";
import { requireSameOrigin } from "~/session/require-same-origin";
import type { Route } from "./+types/confirm_delete_account";

const title = "Confirm account deletion";
const intro =
  "The final confirmation. Once you confirm, your personal data is erased, your tickets for future events are cancelled, you are signed out on every device and a goodbye page is shown.";

export const meta = () => screenMeta(title, intro);

/** Only after step 1 (re-authentication) in the last ten minutes. */
export async function loader({ context }: Route.LoaderArgs) {
  const { identityConfirmed } = await context
    .get(serverContext)
    .invoke("profile.deletionStatus", null);
  if (!identityConfirmed) throw redirect("/delete_account");
  return null;
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
  const answer = useActionData<typeof action>();
  const submitting = useSubmitting();
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
