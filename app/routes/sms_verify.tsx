import {
  data,
  Form,
  redirect,
  type ShouldRevalidateFunctionArgs,
  useActionData,
  useLoaderData,
} from "react-router";
import { ResendCode } from "#app/accounts/ResendCode.tsx";
import { redirectParam } from "#app/accounts/redirect-param.ts";
import { FormMessage } from "#app/components/FormMessage.tsx";
import { Screen } from "#app/components/Screen.tsx";
import { screenMeta } from "#app/components/screen-meta.ts";
import { field, formFailure, isFunctionError } from "#app/forms/form-failure.ts";
import { useSubmitting } from "#app/forms/use-submitting.ts";
import type { ServerContext } from "#app/server-context.ts";
import { serverContext } from "#app/server-context.ts";
import { requireSameOrigin } from "#app/session/require-same-origin.server.ts";
import { Button } from "#app/ui/Button.tsx";
import { TextInput } from "#app/ui/fields.tsx";
import { Group, Stack } from "#app/ui/layout.tsx";
import { AnchorLink, Text } from "#app/ui/text.tsx";
import { safeRedirect } from "#contract/safe-redirect.ts";
import type { Route } from "./+types/sms_verify";

const title = "Verify your phone";
const intro =
  "Enter the 6-digit code we sent to your phone by SMS. You can ask for a new code after a short wait; each wrong code uses up one of a limited number of attempts. A correct code signs you in.";

export const meta = () => screenMeta(title, intro);

async function statusOf(server: ServerContext, request: Request) {
  const id = new URL(request.url).searchParams.get("id") ?? "";
  try {
    return await server.invoke("accounts.verificationStatus", { verificationId: id });
  } catch (error) {
    if (isFunctionError(error)) return null;
    throw error;
  }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const server = context.get(serverContext);
  return { status: await statusOf(server, request), redirect: redirectParam(request) };
}

/**
 * A wrong code answers 400, after which the router would keep the loader's old status:
 * read it again so the hint counts the attempt just used, as the error does.
 */
export function shouldRevalidate({
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return formMethod ? true : defaultShouldRevalidate;
}

export async function action({ request, context }: Route.ActionArgs) {
  const server = context.get(serverContext);
  requireSameOrigin(server);
  const form = await request.formData();
  const status = await statusOf(server, request);
  if (!status) return data(null, { status: 404 });
  const verificationId = status.verificationId;
  try {
    if (field(form, "intent") === "resend") {
      await server.invoke("accounts.resendCode", { verificationId });
      return { resent: true as const };
    }
    const code = field(form, "code");
    if (status.purpose === "register") {
      await server.invoke("accounts.verifyRegistration", { verificationId, code });
    } else {
      await server.invoke("accounts.signInWithCode", { verificationId, code });
    }
  } catch (error) {
    const { failure, status: httpStatus } = formFailure(error, form);
    return data({ failure }, { status: httpStatus });
  }
  return redirect(safeRedirect(redirectParam(request)));
}

export default function Page() {
  const { status } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const submitting = useSubmitting("verify");
  if (!status) {
    return (
      <Screen title={title} intro={intro}>
        <FormMessage kind="error" title="No code is waiting here">
          This page works with the link from the previous step.
        </FormMessage>
        <Text>
          <AnchorLink to="/register">Create an account</AnchorLink> or{" "}
          <AnchorLink to="/access_to_account">sign in with a one-time code</AnchorLink>.
        </Text>
      </Screen>
    );
  }
  const failure = answer && "failure" in answer ? answer.failure : undefined;
  const resent = answer && "resent" in answer;
  const where =
    status.purpose === "register"
      ? `We sent a 6-digit code by SMS to ${status.destination}.`
      : "If an account matches what you typed, we sent it a 6-digit code by SMS or email.";
  const usable = status.state === "pending";
  return (
    <Screen title={title} intro={intro}>
      <Stack gap="md" maw="32rem">
        <Text>{where}</Text>
        {resent ? <FormMessage kind="notice">A new code is on its way.</FormMessage> : null}
        {failure && !failure.fieldErrors.code ? (
          <FormMessage kind="error">{failure.message}</FormMessage>
        ) : null}
        {!usable ? (
          <FormMessage kind="error">
            {status.state === "expired"
              ? "This code has expired. Ask for a new one below."
              : status.state === "exhausted"
                ? "Too many wrong codes. Ask for a new one below."
                : "This code has already been used."}
          </FormMessage>
        ) : null}
        <Form method="post">
          <Stack gap="sm">
            <input type="hidden" name="intent" value="verify" />
            <TextInput
              name="code"
              label="6-digit code"
              description={
                usable
                  ? `${status.attemptsLeft} ${status.attemptsLeft === 1 ? "attempt" : "attempts"} left`
                  : undefined
              }
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]{6}"
              maxLength={6}
              required
              disabled={!usable}
              error={failure?.fieldErrors.code}
              widthFromXs={220}
            />
            <Group>
              <Button type="submit" loading={submitting} disabled={!usable}>
                Verify
              </Button>
            </Group>
          </Stack>
        </Form>
        {status.state !== "used" ? <ResendCode availableAt={status.resendAvailableAt} /> : null}
      </Stack>
    </Screen>
  );
}
