import { Link } from "react-router";
import type { EventCard as EventCardData } from "#contract/event-card.ts";
import { eventCategories } from "#contract/event-options.ts";
import { formatEventTime } from "#contract/event-time.ts";
import { AvailabilityBadge } from "./AvailabilityBadge.tsx";
import classes from "./EventCard.module.css";
import { formatPrice } from "./format.ts";

const categoryLabel = new Map<string, string>(eventCategories.map((c) => [c.id, c.label]));

/** The price line of a card: "From £18.00", "Free", or nothing when no tickets exist. */
export function priceLine(
  event: Pick<EventCardData, "lowestPriceMinor" | "currency">,
): string | null {
  if (event.lowestPriceMinor === null || event.currency === null) return null;
  if (event.lowestPriceMinor === 0) return "Free";
  return `From ${formatPrice(event.lowestPriceMinor, event.currency)}`;
}

/**
 * One event in the discovery list. The title is the card's link (stretched over the
 * card); the first row's images load at once, the rest when scrolled to.
 */
export function EventCard({ event, eager }: { event: EventCardData; eager: boolean }) {
  const price = priceLine(event);
  return (
    <article className={classes.card}>
      {event.coverImage ? (
        <img
          className={classes.cover}
          src={event.coverImage}
          alt=""
          width={640}
          height={360}
          loading={eager ? "eager" : "lazy"}
          decoding="async"
        />
      ) : (
        <div className={classes.cover} aria-hidden="true" />
      )}
      <div className={classes.body}>
        <p className={classes.category}>{categoryLabel.get(event.category) ?? event.category}</p>
        <h3 className={classes.title}>
          <Link to={event.path} className={classes.link}>
            {event.title}
          </Link>
        </h3>
        <p className={classes.line}>
          <time dateTime={event.startsAt}>{formatEventTime(event.startsAt, event.timeZone)}</time>
        </p>
        <p className={classes.venue}>{event.venueName}</p>
        <div className={classes.footer}>
          {price ? <span>{price}</span> : null}
          <AvailabilityBadge availability={event.availability} />
        </div>
      </div>
    </article>
  );
}

/** The cards as a list: one column on phones, two on tablets, three on wide screens. */
export function EventCardGrid({ events }: { events: EventCardData[] }) {
  return (
    <ul className={classes.grid}>
      {events.map((event, index) => (
        <li key={event.shortId}>
          <EventCard event={event} eager={index < 3} />
        </li>
      ))}
    </ul>
  );
}
