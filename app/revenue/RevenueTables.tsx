import { Anchor } from "@mantine/core";
import { Link } from "react-router";
import { revenuePath } from "#contract/paths.ts";
import type {
  RevenueDay,
  RevenueEvent,
  RevenueFigures,
  RevenueTicketType,
} from "#contract/revenue-view.ts";
import { dayText, moneyText } from "./money-text.ts";
import { RevenueTable } from "./RevenueTable.tsx";

type Row = RevenueFigures & { currency: string };

/** The columns after the name: the four figures and tickets sold. */
function figureColumns<T extends Row>() {
  const money = (key: "grossMinor" | "feesMinor" | "refundsMinor" | "netMinor") => (row: T) =>
    moneyText(row[key], row.currency);
  return [
    { header: "Gross", cell: money("grossMinor"), numeric: true },
    { header: "Fees", cell: money("feesMinor"), numeric: true },
    { header: "Refunds", cell: money("refundsMinor"), numeric: true },
    { header: "Net", cell: money("netMinor"), numeric: true },
    { header: "Sold", cell: (row: T) => row.ticketsSold, numeric: true },
  ];
}

export function RevenueByType({
  rows,
  withEvent,
}: {
  rows: readonly RevenueTicketType[];
  withEvent: boolean;
}) {
  return (
    <RevenueTable
      caption="By ticket type"
      rows={rows}
      rowKey={(row) => `${row.currency}-${row.ticketTypeId}`}
      columns={[
        {
          header: "Ticket type",
          cell: (row) => (withEvent ? `${row.name} (${row.eventTitle})` : row.name),
        },
        ...figureColumns<RevenueTicketType>(),
      ]}
    />
  );
}

export function RevenueByDay({ rows }: { rows: readonly RevenueDay[] }) {
  return (
    <RevenueTable
      caption="By day"
      rows={rows}
      rowKey={(row) => `${row.currency}-${row.day}`}
      columns={[{ header: "Day", cell: (row) => dayText(row.day) }, ...figureColumns<RevenueDay>()]}
    />
  );
}

export function RevenueByEvent({ rows }: { rows: readonly RevenueEvent[] }) {
  return (
    <RevenueTable
      caption="By event"
      rows={rows}
      rowKey={(row) => `${row.currency}-${row.eventId}`}
      columns={[
        {
          header: "Event",
          cell: (row) => (
            <Anchor component={Link} to={revenuePath(row.eventId)}>
              {row.title}
            </Anchor>
          ),
        },
        ...figureColumns<RevenueEvent>(),
      ]}
    />
  );
}
