import { Anchor, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { formatPrice } from "#app/events/format.ts";
import { formatEventTime } from "#contract/event-time.ts";
import type { InvoiceDocument, InvoiceSummary, ReceiptView } from "#contract/invoice-view.ts";
import { moneyText } from "#contract/money-text.ts";
import { invoicePdfPath } from "#contract/paths.ts";

const money = formatPrice;

function Row({
  label,
  amount,
  strong,
  saving,
}: {
  label: string;
  amount: string;
  strong?: boolean;
  /** A code's line ("Code EARLY20", negative): in the colour of a saving. */
  saving?: boolean;
}) {
  const c = saving ? "var(--mantine-color-green-text)" : undefined;
  return (
    <Group
      component="li"
      justify="space-between"
      wrap="nowrap"
      data-line={saving ? "discount" : undefined}
    >
      <Text fw={strong ? 700 : undefined} c={c}>
        {label}
      </Text>
      <Text fw={strong ? 700 : undefined} c={c}>
        {amount}
      </Text>
    </Group>
  );
}

function Seller({ seller }: { seller: InvoiceDocument["seller"] }) {
  return (
    <Stack gap={0} component="address" style={{ fontStyle: "normal" }}>
      <Text fw={700}>{seller.name}</Text>
      {seller.address.split(/\r?\n/).map((line) => (
        <Text key={line}>{line}</Text>
      ))}
      <Text>{seller.email}</Text>
      {seller.taxId ? <Text>Tax id: {seller.taxId}</Text> : null}
    </Stack>
  );
}

function Totals({ doc, refundedMinor }: { doc: InvoiceDocument; refundedMinor: number }) {
  const rate = `${doc.taxRateBp / 100}%`;
  return (
    <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: "none" }}>
      {doc.lines.map((line) => (
        <Row
          key={line.description}
          label={line.quantity > 1 ? `${line.quantity} × ${line.description}` : line.description}
          // A receipt's only negative line is what the booking's code took off.
          amount={
            line.amountMinor < 0
              ? moneyText(line.amountMinor, doc.currency)
              : money(line.amountMinor, doc.currency)
          }
          saving={line.amountMinor < 0}
        />
      ))}
      {doc.taxMinor !== 0 ? (
        <Row label={`Tax ${rate}`} amount={money(doc.taxMinor, doc.currency)} />
      ) : null}
      <Row label="Total" amount={money(doc.totalMinor, doc.currency)} strong />
      {doc.includedTaxMinor !== 0 ? (
        <Row label={`Including tax ${rate}`} amount={money(doc.includedTaxMinor, doc.currency)} />
      ) : null}
      {refundedMinor > 0 ? (
        <Row label="Refunded so far" amount={money(-refundedMinor, doc.currency)} />
      ) : null}
    </Stack>
  );
}

function IssuedDocuments({ issued }: { issued: InvoiceSummary[] }) {
  if (issued.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby="invoices-heading">
      <Title order={2} size="h4" id="invoices-heading">
        {issued.length === 1 ? "Invoice" : "Invoice and credit notes"}
      </Title>
      <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: "none" }}>
        {issued.map((doc) => (
          <Group component="li" key={doc.id} justify="space-between" wrap="nowrap">
            <Anchor href={invoicePdfPath(doc.id)} download>
              {doc.kind === "invoice" ? "Invoice" : "Credit note"} {doc.number} (PDF)
            </Anchor>
            <Text>{money(doc.totalMinor, doc.currency)}</Text>
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}

/** A paid booking's receipt: who sold it, what, the money, the card, refunds, the invoices. */
export function ReceiptDetails({ receipt }: { receipt: ReceiptView }) {
  const doc = receipt.document;
  const card = doc.payment.cardLast4 ? `card ending ${doc.payment.cardLast4}` : "card";
  return (
    <Stack gap="lg">
      <Seller seller={doc.seller} />
      <Stack gap={2}>
        <Text>
          Booking{" "}
          <Text span ff="monospace" fw={700}>
            {receipt.reference}
          </Text>{" "}
          for {doc.buyer.name}
        </Text>
        <Text>
          {doc.event.title},{" "}
          <time dateTime={doc.event.startsAt}>
            {formatEventTime(doc.event.startsAt, doc.event.timeZone, { withZone: true })}
          </time>
          , {doc.event.venueName}
        </Text>
      </Stack>
      <Paper withBorder p="sm" component="section" aria-labelledby="paid-heading">
        <Stack gap="xs">
          <Title order={2} size="h4" id="paid-heading">
            What you paid
          </Title>
          <Totals doc={doc} refundedMinor={receipt.refundedMinor} />
          <Text data-card>Paid by {card}</Text>
        </Stack>
      </Paper>
      <IssuedDocuments issued={receipt.invoices} />
    </Stack>
  );
}
