import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import { formatEventTime } from "#contract/event-time.ts";
import type { InvoiceDocument } from "#contract/invoice-view.ts";
import { moneyText } from "#contract/money-text.ts";
import { fitted } from "#server/platform/pdf/pdf-text.ts";

/** A4 portrait, in points. */
const PAGE = { width: 595, height: 842 };
const MARGIN = 50;
const WIDTH = PAGE.width - 2 * MARGIN;
/** Right edges of the quantity, unit price and amount columns. */
const COLUMNS = { quantity: MARGIN + 330, unit: MARGIN + 420, amount: PAGE.width - MARGIN };

const dateText = (iso: string) =>
  new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "UTC" }).format(new Date(iso));

/** Writes lines down a page, left or right aligned; a new page when this one is full. */
class Writer {
  private page: PDFPage;
  private y = PAGE.height - MARGIN;
  private readonly pdf: PDFDocument;
  readonly regular: PDFFont;
  readonly bold: PDFFont;
  constructor(pdf: PDFDocument, regular: PDFFont, bold: PDFFont) {
    this.pdf = pdf;
    this.regular = regular;
    this.bold = bold;
    this.page = pdf.addPage([PAGE.width, PAGE.height]);
  }
  /** Starts a row `size` high; the texts of the row are then drawn at `this.y`. */
  row(size: number, gap = 5): void {
    if (this.y - size < MARGIN) {
      this.page = this.pdf.addPage([PAGE.width, PAGE.height]);
      this.y = PAGE.height - MARGIN;
    }
    this.y -= size + gap;
  }
  text(text: string, x: number, size: number, font = this.regular, width = WIDTH): void {
    this.page.drawText(fitted(font, text, size, width), {
      x,
      y: this.y,
      size,
      font,
      color: rgb(0, 0, 0),
    });
  }
  right(text: string, right: number, size: number, font = this.regular): void {
    const shown = fitted(font, text, size, 120);
    this.text(shown, right - font.widthOfTextAtSize(shown, size), size, font);
  }
  line(text: string, size = 11, font = this.regular, gap = 5): void {
    this.row(size, gap);
    this.text(text, MARGIN, size, font);
  }
  space(points: number): void {
    this.y -= points;
  }
  rule(): void {
    this.row(1, 4);
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: PAGE.width - MARGIN, y: this.y },
      thickness: 0.7,
      color: rgb(0.4, 0.4, 0.4),
    });
    this.space(6);
  }
}

export type PdfHeading = {
  /** "Receipt", "Invoice INV-000001", "Credit note CN-000001". */
  title: string;
  /** Refunded so far (receipts), shown under the total when not 0. */
  refundedMinor?: number;
};

function drawParties(w: Writer, doc: InvoiceDocument): void {
  w.line(doc.seller.name, 13, w.bold);
  for (const part of doc.seller.address.split(/\r?\n/)) if (part.trim()) w.line(part.trim());
  w.line(doc.seller.email);
  if (doc.seller.taxId) w.line(`Tax id: ${doc.seller.taxId}`);
  w.space(10);
  w.line("Billed to", 10, w.bold);
  w.line(doc.buyer.name);
  if (doc.buyer.email) w.line(doc.buyer.email);
  w.space(10);
  w.line(`Booking ${doc.booking.reference}, ${dateText(doc.booking.createdAt)}`);
  w.line(
    `${doc.event.title}: ${formatEventTime(doc.event.startsAt, doc.event.timeZone, { weekday: false })}, ${doc.event.venueName}`,
  );
  if (doc.credit) {
    w.line(`Corrects invoice ${doc.credit.invoiceNumber}`, 11, w.bold);
    if (doc.credit.reason) w.line(`Reason: ${doc.credit.reason}`);
  }
}

function drawLines(w: Writer, doc: InvoiceDocument): void {
  w.space(10);
  w.row(10);
  w.text("Description", MARGIN, 10, w.bold, 260);
  w.right("Qty", COLUMNS.quantity, 10, w.bold);
  w.right("Unit price", COLUMNS.unit, 10, w.bold);
  w.right("Amount", COLUMNS.amount, 10, w.bold);
  w.rule();
  for (const line of doc.lines) {
    w.row(11);
    w.text(line.description, MARGIN, 11, w.regular, 260);
    w.right(String(line.quantity), COLUMNS.quantity, 11);
    w.right(moneyText(line.unitMinor, doc.currency), COLUMNS.unit, 11);
    w.right(moneyText(line.amountMinor, doc.currency), COLUMNS.amount, 11);
  }
  w.rule();
}

function drawTotals(w: Writer, doc: InvoiceDocument, heading: PdfHeading): void {
  const total = (label: string, minor: number, font = w.regular) => {
    w.row(11);
    w.right(label, COLUMNS.unit, 11, font);
    w.right(moneyText(minor, doc.currency), COLUMNS.amount, 11, font);
  };
  const rate = `${doc.taxRateBp / 100}%`;
  total("Tickets", doc.subtotalMinor);
  if (doc.feesMinor !== 0) total("Booking fee", doc.feesMinor);
  if (doc.taxMinor !== 0) total(`Tax ${rate}`, doc.taxMinor);
  total("Total", doc.totalMinor, w.bold);
  if (doc.includedTaxMinor !== 0) total(`incl. tax ${rate}`, doc.includedTaxMinor);
  if (heading.refundedMinor) total("Refunded", -heading.refundedMinor);
  w.space(14);
  const card = doc.payment.cardLast4 ? `card ending ${doc.payment.cardLast4}` : "card";
  w.line(doc.credit ? `Refunded to ${card}` : `Paid by ${card}`);
  if (doc.payment.paidAt && !doc.credit) w.line(`Paid on ${dateText(doc.payment.paidAt)}`);
}

/**
 * A receipt, an invoice or a credit note on A4 with the standard fonts: the title, the
 * business (name, address, email, tax id), the buyer, the booking and event, the lines,
 * the totals and the card's last digits. Made on the server from the document.
 */
export async function documentPdf(doc: InvoiceDocument, heading: PdfHeading): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(heading.title);
  pdf.setCreator("eventapp");
  const w = new Writer(
    pdf,
    await pdf.embedFont(StandardFonts.Helvetica),
    await pdf.embedFont(StandardFonts.HelveticaBold),
  );
  w.line(heading.title, 20, w.bold, 12);
  drawParties(w, doc);
  drawLines(w, doc);
  drawTotals(w, doc, heading);
  return pdf.save();
}
