import { createElement as h } from "react";
import { formatEventTime } from "#contract/event-time.ts";
import { EmailButton } from "./email-button.ts";
import { formatTotal, ticketCount } from "./email-format.ts";
import { LayoutTable } from "./email-layout.ts";
import { emailColors } from "./email-theme.ts";
import type { TicketEmailData } from "./ticket-email-data.ts";

const label = {
  padding: "6px 12px 6px 0",
  color: emailColors.muted,
  fontSize: "14px",
  verticalAlign: "top",
  whiteSpace: "nowrap",
} as const;
const value = { padding: "6px 0", color: emailColors.text, fontSize: "15px" } as const;

function Line(props: { name: string; value: string }) {
  return h(
    "tr",
    null,
    h("td", { className: "em-muted", style: label }, props.name),
    h("td", { className: "em-text", style: value }, props.value),
  );
}

/** The heading, what was booked (reference, event, time on the venue's clock, place, total). */
export function BookingSummary(props: { data: TicketEmailData }) {
  const { data } = props;
  const { event } = data;
  const place = [event.venueName, event.venueAddress].filter(Boolean).join(", ");
  return h(
    "div",
    null,
    h(
      "h1",
      {
        className: "em-text",
        style: { margin: "0 0 4px", fontSize: "22px", lineHeight: "28px", color: emailColors.text },
      },
      "Your tickets are here",
    ),
    h(
      "p",
      {
        className: "em-muted",
        style: { margin: "0 0 16px", fontSize: "15px", color: emailColors.muted },
      },
      `${ticketCount(data.tickets.length)} for `,
      h(
        "a",
        { href: event.link, className: "em-link", style: { color: emailColors.blue } },
        event.title,
      ),
      ". Show the QR code at the door, from this email, the PDF or the app.",
    ),
    h(
      LayoutTable,
      null,
      h(Line, { name: "Reference", value: data.reference }),
      h(Line, { name: "Event", value: event.title }),
      h(Line, {
        name: "When",
        value: formatEventTime(event.startsAt, event.timeZone, { withZone: true }),
      }),
      h(Line, { name: "Where", value: place }),
      data.discount
        ? h(Line, {
            name: `Code ${data.discount.code}`.trim(),
            value: formatTotal(-data.discount.amountMinor, data.currency),
          })
        : null,
      h(Line, { name: "Total", value: formatTotal(data.totalMinor, data.currency) }),
    ),
    h(
      "div",
      { style: { padding: "12px 0 4px" } },
      h(EmailButton, { href: data.bookingLink, label: "View your booking" }),
    ),
  );
}
