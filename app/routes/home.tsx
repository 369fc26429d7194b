import { Anchor, Card, SimpleGrid, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { LaterRelease } from "~/components/LaterRelease";
import { Screen } from "~/components/Screen";
import { screenMeta } from "~/components/screen-meta";

const title = "Upcoming events";
const intro =
  "Find something to do, book your tickets in a few taps, and show the QR code on your phone at the door.";

export const meta = () => screenMeta(title, intro);

const howItWorks = [
  {
    heading: "Book in a few taps",
    text: "Choose your tickets and we hold them for you for 10 minutes while you finish your booking.",
    link: { to: "/booking_refrence", label: "Find a booking" },
  },
  {
    heading: "Your ticket is a QR code",
    text: "Show it from your phone at the door, keep every ticket of an event in one place, or give a ticket to a friend.",
    link: { to: "/upcomming", label: "Your upcoming tickets" },
  },
  {
    heading: "Run your own events",
    text: "Sell tickets, form teams of door staff and check guests in with a phone's camera.",
    link: { to: "/business/form", label: "Apply as a business" },
  },
] as const;

export default function Page() {
  return (
    <Screen title={title} intro={intro}>
      <LaterRelease>
        Published events will be listed here as cards with their date, venue, lowest price and
        availability, with search and filters. Event listings arrive with a later release.
      </LaterRelease>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {howItWorks.map((item) => (
          <Card key={item.heading} withBorder padding="lg" component="section">
            <Title order={2} size="h4" mb="xs">
              {item.heading}
            </Title>
            <Text size="sm" mb="md">
              {item.text}
            </Text>
            <Anchor
              component={Link}
              to={item.link.to}
              size="sm"
              fw={600}
              mt="auto"
              underline="hover"
            >
              {item.link.label}
            </Anchor>
          </Card>
        ))}
      </SimpleGrid>
    </Screen>
  );
}
