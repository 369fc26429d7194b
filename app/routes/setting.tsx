import {
  Anchor,
  Button,
  Checkbox,
  Fieldset,
  Group,
  type MantineColorScheme,
  NativeSelect,
  SegmentedControl,
  Stack,
  Text,
  useMantineColorScheme,
} from "@mantine/core";
import { useMounted } from "@mantine/hooks";
import { useEffect } from "react";
import { data, Link, useFetcher, useLoaderData } from "react-router";
import { FormMessage } from "#app/components/FormMessage.tsx";
import { Screen } from "#app/components/Screen.tsx";
import { screenMeta } from "#app/components/screen-meta.ts";
import { field, formFailure } from "#app/forms/form-failure.ts";
import { serverContext } from "#app/server-context.ts";
import { requireSameOrigin } from "#app/session/require-same-origin.server.ts";
import type { Route } from "./+types/setting";

const title = "Settings";
const intro =
  "How the app looks and, once you are signed in, how we reach you. Your privacy and your account are a link away.";

const themes: { value: MantineColorScheme; label: string }[] = [
  { value: "light", label: "Light" },
  { value: "dark", label: "Dark" },
  { value: "auto", label: "System" },
];
const languages = [{ value: "en", label: "English" }];

export const meta = () => screenMeta(title, intro);

export async function loader({ context }: Route.LoaderArgs) {
  return context.get(serverContext).invoke("profile.getPreferences", null);
}

export async function action({ request, context }: Route.ActionArgs) {
  const server = context.get(serverContext);
  requireSameOrigin(server);
  const form = await request.formData();
  const theme = field(form, "theme");
  try {
    const saved = await server.invoke(
      "profile.updatePreferences",
      field(form, "intent") === "theme"
        ? { theme: theme === "light" || theme === "dark" ? theme : "auto" }
        : {
            language: "en",
            ...(server.auth
              ? { notifyBy: { email: form.has("notifyEmail"), sms: form.has("notifySms") } }
              : {}),
          },
    );
    return { ok: true as const, saved };
  } catch (error) {
    const { failure, status } = formFailure(error, form);
    return data({ ok: false as const, failure }, { status });
  }
}

/** Light, dark or system: applied at once in this browser, and kept with the account or cookie. */
function ThemeChoice({ stored, signedIn }: { stored: MantineColorScheme; signedIn: boolean }) {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const fetcher = useFetcher();
  const mounted = useMounted();
  // A signed-in person's saved choice follows them to this device.
  useEffect(() => {
    if (signedIn) setColorScheme(stored);
  }, [signedIn, stored, setColorScheme]);
  return (
    <SegmentedControl
      data={themes}
      value={mounted ? colorScheme : stored}
      aria-label="Theme"
      onChange={(value) => {
        setColorScheme(value as MantineColorScheme);
        fetcher.submit({ intent: "theme", theme: value }, { method: "post" });
      }}
    />
  );
}

export default function Page() {
  const preferences = useLoaderData<typeof loader>();
  const fetcher = useFetcher<typeof action>();
  const answer = fetcher.data;
  const notifyBy = preferences.notifyBy;
  return (
    <Screen title={title} intro={intro}>
      <Fieldset legend="Theme" maw="42rem">
        <Text size="sm" mb="sm">
          Choose light or dark, or follow your device's setting.
          {preferences.signedIn
            ? " The choice is kept with your account."
            : " The choice is kept in this browser."}
        </Text>
        <ThemeChoice stored={preferences.theme} signedIn={preferences.signedIn} />
      </Fieldset>
      <fetcher.Form method="post">
        <Stack gap="lg" maw="42rem">
          <input type="hidden" name="intent" value="general" />
          {answer?.ok ? <FormMessage kind="notice">Settings saved.</FormMessage> : null}
          {answer && !answer.ok ? (
            <FormMessage kind="error">{answer.failure.message}</FormMessage>
          ) : null}
          <NativeSelect
            name="language"
            label="Language"
            description="More languages will follow."
            data={languages}
            defaultValue={preferences.language}
          />
          {notifyBy ? (
            <Fieldset legend="How we reach you">
              <Stack gap="xs">
                <Text size="sm">
                  Booking confirmations, changes to your events and messages from organizers.
                </Text>
                <Checkbox name="notifyEmail" label="By email" defaultChecked={notifyBy.email} />
                <Checkbox name="notifySms" label="By SMS" defaultChecked={notifyBy.sms} />
              </Stack>
            </Fieldset>
          ) : (
            <Text size="sm">
              <Anchor component={Link} to="/login?redirect=%2Fsetting">
                Sign in
              </Anchor>{" "}
              to choose how we reach you (email, SMS).
            </Text>
          )}
          <div>
            <Button type="submit" loading={fetcher.state !== "idle"}>
              Save settings
            </Button>
          </div>
        </Stack>
      </fetcher.Form>
      <Group gap="lg">
        <Anchor component={Link} to="/profile" underline="hover">
          Your profile: name, phone, email, password, sessions
        </Anchor>
        <Anchor component={Link} to="/privacy_policy" underline="hover">
          Privacy policy
        </Anchor>
        <Anchor component={Link} to="/account_delete_start" underline="hover">
          How to delete your account
        </Anchor>
      </Group>
    </Screen>
  );
}
