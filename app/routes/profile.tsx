import { Anchor } from "@mantine/core";
import { data, Link, useLoaderData } from "react-router";
import { phoneRegionsFor } from "#app/accounts/phone-regions.server.ts";
import { FormMessage } from "#app/components/FormMessage.tsx";
import { Screen } from "#app/components/Screen.tsx";
import { screenMeta } from "#app/components/screen-meta.ts";
import { field, isFunctionError } from "#app/forms/form-failure.ts";
import { runIntentForm } from "#app/forms/intent-action.ts";
import { Section } from "#app/forms/Section.tsx";
import { PasswordChangeForm } from "#app/profile/PasswordChangeForm.tsx";
import { PhoneChangeForm } from "#app/profile/PhoneChangeForm.tsx";
import { ProfileDetailsForm } from "#app/profile/ProfileDetailsForm.tsx";
import { SessionList } from "#app/profile/SessionList.tsx";
import { serverContext } from "#app/server-context.ts";
import { requireSameOrigin } from "#app/session/require-same-origin.server.ts";
import type { Route } from "./+types/profile";

const title = "Profile";
const intro =
  "Your name, email address and phone number (a new phone number is confirmed by SMS), your password, and the devices where you are signed in, each with its own sign-out.";

export const meta = () => screenMeta(title, intro);

export async function loader({ request, context }: Route.LoaderArgs) {
  const server = context.get(serverContext);
  // The link emailed to confirm a new address lands here (gated: the person signs in first).
  const token = new URL(request.url).searchParams.get("email_token");
  let emailNotice: { kind: "notice" | "error"; text: string } | null = null;
  if (token) {
    try {
      const { email } = await server.invoke("profile.confirmEmail", { token });
      emailNotice = { kind: "notice", text: `Your email address is now ${email}.` };
    } catch (error) {
      if (!isFunctionError(error)) throw error;
      emailNotice = { kind: "error", text: error.message };
    }
  }
  const [profile, sessions, phone, policy] = await Promise.all([
    server.invoke("profile.get", null),
    server.invoke("sessions.list", null),
    phoneRegionsFor(server, request),
    server.invoke("accounts.passwordPolicy", null),
  ]);
  return {
    profile,
    sessions,
    ...phone,
    policy,
    emailNotice,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const server = context.get(serverContext);
  requireSameOrigin(server);
  const form = await request.formData();
  const intent = field(form, "intent");
  const { result, status } = await runIntentForm(intent, form, async () => {
    switch (intent) {
      case "details": {
        const { emailVerificationSent } = await server.invoke("profile.update", {
          name: field(form, "name"),
          email: field(form, "email"),
        });
        return emailVerificationSent
          ? "Saved. We sent a link to your email address: open it within 24 hours to verify it."
          : "Saved.";
      }
      case "resend-email": {
        const { email } = await server.invoke("profile.resendEmailVerification", null);
        return `We sent a new link to ${email}. The earlier one no longer works.`;
      }
      case "phone": {
        const { phone } = await server.invoke("profile.requestPhoneChange", {
          phone: field(form, "phone"),
          region: field(form, "region") || undefined,
        });
        return `We sent a code to ${phone}.`;
      }
      case "phone-code": {
        const { phone } = await server.invoke("profile.confirmPhoneChange", {
          code: field(form, "code"),
        });
        return `Your phone number is now ${phone}.`;
      }
      case "password": {
        await server.invoke("profile.changePassword", {
          currentPassword: field(form, "currentPassword") || undefined,
          newPassword: field(form, "newPassword"),
        });
        return "Your password is changed, and every other device is signed out.";
      }
      case "sign-out-session": {
        await server.invoke("sessions.revoke", { sessionId: field(form, "sessionId") });
        return "Signed out.";
      }
      default:
        throw new Response("Unknown form", { status: 400 });
    }
  });
  return data(result, { status });
}

export default function Page() {
  const { profile, sessions, regions, policy, defaultRegion, emailNotice } =
    useLoaderData<typeof loader>();
  return (
    <Screen title={title} intro={intro}>
      {emailNotice ? <FormMessage kind={emailNotice.kind}>{emailNotice.text}</FormMessage> : null}
      <Section id="details-heading" heading="Name and email">
        <ProfileDetailsForm
          name={profile.name}
          email={profile.email}
          emailVerified={profile.emailVerified}
          pendingEmail={profile.pendingEmail}
        />
      </Section>
      <Section id="phone-heading" heading="Phone number">
        <PhoneChangeForm
          phone={profile.phone}
          pendingPhone={profile.pendingPhone}
          regions={regions}
          defaultRegion={defaultRegion}
        />
      </Section>
      <Section id="password-heading" heading="Password">
        <PasswordChangeForm
          hasPassword={profile.hasPassword}
          policy={policy}
          phone={profile.phone}
          email={profile.email}
        />
      </Section>
      <Section id="sessions-heading" heading="Where you are signed in">
        <SessionList sessions={sessions} />
      </Section>
      <Anchor component={Link} to="/delete_account">
        Delete your account
      </Anchor>
    </Screen>
  );
}
