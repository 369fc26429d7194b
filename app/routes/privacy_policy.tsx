import { Anchor, List, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Screen } from "#app/components/Screen.tsx";
import { screenMeta } from "#app/components/screen-meta.ts";
import { brandName } from "#contract/brand.ts";

const title = "Privacy policy";
const intro = `What personal data ${brandName} collects, why, how long we keep it, who processes it for us, and how you can see, correct or delete it.`;

export const meta = () => screenMeta(title, intro);

function Section({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section" maw="46rem">
      <Title order={2} size="h3">
        {heading}
      </Title>
      {children}
    </Stack>
  );
}

export default function Page() {
  return (
    <Screen title={title} intro={intro}>
      <Section heading="Who is responsible">
        <Text>
          The operator of this {brandName} service is responsible for the personal data described
          here. Event organizers who sell tickets through {brandName} receive the part of it that
          they need to run their events, as described under “Who sees your data”.
        </Text>
      </Section>

      <Section heading="What we collect">
        <List spacing="xs">
          <List.Item>
            <b>Your account:</b> your name, your phone number, your email address if you give one,
            and your password, which we store only as a one-way hash.
          </List.Item>
          <List.Item>
            <b>Bookings and tickets:</b> the events you book, the tickets and amounts, booking
            references, the attendee names you enter, and the tickets you give to or receive from
            other people.
          </List.Item>
          <List.Item>
            <b>Check-ins:</b> when a ticket was checked in at an event, by which staff member and
            from which device.
          </List.Item>
          <List.Item>
            <b>Device and session data:</b> the sessions you are signed in with (browser and device
            as your browser reports them, IP address, time of sign-in and last use), and the
            server's request logs (IP address, time, page requested, browser).
          </List.Item>
          <List.Item>
            <b>Messages:</b> the notifications, emails and SMS we send you, and your notification
            settings.
          </List.Item>
          <List.Item>
            <b>Business accounts:</b> the business's name, type, contact phone and email, address
            and description, and the members of its teams.
          </List.Item>
        </List>
      </Section>

      <Section heading="Why we use it">
        <List spacing="xs">
          <List.Item>
            To run your account and sign you in securely, including confirming your phone number by
            SMS, one-time sign-in codes and password resets.
          </List.Item>
          <List.Item>
            To take your bookings, issue your tickets and let the organizer's door staff check them
            in.
          </List.Item>
          <List.Item>
            To send you what you asked for or need to know: confirmations, tickets, changes to
            events you booked and messages from their organizers.
          </List.Item>
          <List.Item>
            To keep the service safe: limit repeated attempts, detect abuse and investigate errors.
          </List.Item>
          <List.Item>To keep the records that accounting law requires.</List.Item>
        </List>
        <Text>
          We use your data to provide the service you signed up for, to meet legal obligations, and
          for our legitimate interest in a secure service. We do not sell it, do not use it for
          advertising and do not build profiles of you.
        </Text>
      </Section>

      <Section heading="Who sees your data">
        <List spacing="xs">
          <List.Item>
            The organizer of an event you book sees your booking and the attendee names; their door
            staff see ticket holders' names and check-in status for that event only.
          </List.Item>
          <List.Item>A person you give a ticket to sees that ticket and its event.</List.Item>
          <List.Item>
            Processors who work for us and may use the data only for that work: an{" "}
            <b>SMS provider</b> (verification codes and text messages), an <b>email provider</b>{" "}
            (confirmations and messages) and our <b>hosting provider</b> (the servers and database
            where the data is stored).
          </List.Item>
        </List>
      </Section>

      <Section heading="How long we keep it">
        <List spacing="xs">
          <List.Item>Account data: as long as your account exists.</List.Item>
          <List.Item>
            Bookings, tickets and check-ins: as long as your account exists. When you delete your
            account they are kept anonymised, without your name, phone number or email address,
            because organizers need them for their accounting.
          </List.Item>
          <List.Item>
            Sessions: until you sign out or the session expires. Verification and sign-in codes
            expire within minutes.
          </List.Item>
          <List.Item>Server request logs: at most 30 days.</List.Item>
        </List>
      </Section>

      <Section heading="Cookies and storage in your browser">
        <Text>
          We use only the cookies the service needs: a session cookie (css_tk) and short-lived
          sign-in tokens that keep you signed in; a preferences cookie with your language and theme
          when you save them; and, if you fill in the business form before signing in, a cookie
          holding what you typed (biz_draft) for 30 minutes so nothing is lost on the way through
          sign-in. There are no advertising or tracking cookies, and the pages load nothing from
          other websites. Your light or dark theme choice is also kept in your browser's local
          storage.
        </Text>
      </Section>

      <Section heading="Your rights">
        <Text>
          You can ask for a copy of your data, correct it (most of it directly on your profile),
          object to its use, ask us to restrict it, or have it deleted. You can also complain to
          your data protection authority.
        </Text>
        <Text>
          To delete your account and your personal data, follow the steps on{" "}
          <Anchor component={Link} to="/account_delete_start">
            how to delete your account
          </Anchor>
          .
        </Text>
      </Section>

      <Section heading="Changes to this policy">
        <Text>
          When this policy changes, this page changes with it. Significant changes are also
          announced to you by notification before they apply.
        </Text>
      </Section>
    </Screen>
  );
}
