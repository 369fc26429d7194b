import { Link, useLoaderData, useLocation } from "react-router";
import { PageLinks } from "#app/components/PageLinks.tsx";
import { Screen } from "#app/components/Screen.tsx";
import { screenMeta } from "#app/components/screen-meta.ts";
import { DiscoveryFilters, type FilterValues } from "#app/events/DiscoveryFilters.tsx";
import { EventCardGrid } from "#app/events/EventCard.tsx";
import { filterNames } from "#app/events/filter-names.ts";
import { searchEventsPage } from "#app/events/search-events-page.server.ts";
import { serverContext } from "#app/server-context.ts";
import { Paper, Stack } from "#app/ui/layout.tsx";
import { AnchorLink, Text, Title } from "#app/ui/text.tsx";
import type { Route } from "./+types/home";
import classes from "./home.module.css";

const title = "Upcoming events";
const intro =
  "Find something to do, book your tickets in a few taps, and show the QR code on your phone at the door.";

export const meta = () => screenMeta(title, intro);

/** Everything the list shows is in the URL: `?q=jazz&category=music&from=…&to=…&page=2`. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const server = context.get(serverContext);
  const params = new URL(request.url).searchParams;
  const values = Object.fromEntries(
    filterNames.map((name) => [name, params.get(name)?.trim() ?? ""]),
  ) as FilterValues;
  const page = Number(params.get("page") ?? 1);
  const { errors, result } = await searchEventsPage(
    server.invoke,
    values,
    Number.isInteger(page) && page >= 1 ? Math.min(page, 1000) : 1,
  );
  return { values, errors, result };
}

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

function pageLink(search: string, page: number): string {
  const params = new URLSearchParams(search);
  for (const [key, value] of [...params]) if (!value) params.delete(key);
  if (page > 1) params.set("page", String(page));
  else params.delete("page");
  const query = params.toString();
  return query ? `/?${query}` : "/";
}

function countLine(total: number, capped: boolean, filtered: boolean): string {
  const one = total === 1 && !capped;
  const events = `${capped ? `${total}+` : total} ${one ? "event" : "events"}`;
  if (filtered) return `${events} ${one ? "matches" : "match"} your search`;
  return `${events} coming up`;
}

function HowItWorks() {
  return (
    <section className={classes.section} aria-labelledby="how-heading">
      <h2 className={classes.heading} id="how-heading">
        How it works
      </h2>
      <div className={classes.grid}>
        {howItWorks.map((item) => (
          <div key={item.heading} className={classes.card}>
            <h3 className={classes.cardHeading}>{item.heading}</h3>
            <p className={classes.cardText}>{item.text}</p>
            <Link to={item.link.to} className={classes.cardLink}>
              {item.link.label}
            </Link>
          </div>
        ))}
      </div>
    </section>
  );
}

export default function Page() {
  const { values, errors, result } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const filtered = filterNames.some((name) => values[name]);
  return (
    <Screen title={title} intro={intro}>
      {/* Keyed by the URL: the form's fields follow a back button or "clear filters". */}
      <DiscoveryFilters key={search} values={values} errors={errors} />
      <Stack gap="md" component="section" aria-labelledby="results-heading">
        <Title order={2} size="h3" id="results-heading">
          {countLine(result.total, result.totalCapped, filtered)}
        </Title>
        {result.events.length === 0 && result.total > 0 ? (
          <Text>
            This page is past the end of the results.{" "}
            <AnchorLink to={pageLink(search, 1)}>Go to the first page</AnchorLink>.
          </Text>
        ) : result.events.length === 0 ? (
          <Paper p="lg">
            <Title order={3} size="h4" mb="xs">
              {filtered ? "No events match your search" : "Nothing on yet"}
            </Title>
            {filtered ? (
              <Text>
                No events match these filters. <AnchorLink to="/">Clear the filters</AnchorLink> to
                see everything coming up.
              </Text>
            ) : (
              <Text>No upcoming events have been published yet. Come back soon.</Text>
            )}
          </Paper>
        ) : (
          <EventCardGrid events={result.events} />
        )}
        <PageLinks
          page={result.page}
          pageCount={result.pageCount}
          hrefFor={(n) => pageLink(search, n)}
          label="Pages of results"
        />
      </Stack>
      <HowItWorks />
    </Screen>
  );
}
