import { createElement as h } from "react";
import { EmailButton } from "./email-button.ts";
import { LayoutTable } from "./email-layout.ts";
import { emailColors } from "./email-theme.ts";
import type { EmailTicket } from "./ticket-email-data.ts";

/**
 * One ticket: its QR (an inline image, `qrSrc`), the attendee, the type and the code to
 * type at the door, then "Give to someone" and the wallets that are configured. The QR
 * keeps its white background in dark mode: scanners need the light quiet zone.
 */
export function TicketCard(props: {
  ticket: EmailTicket;
  qrSrc: string;
  index: number;
  of: number;
}) {
  const { ticket } = props;
  return h(
    LayoutTable,
    {
      className: "em-tint",
      style: {
        margin: "16px 0 0",
        background: emailColors.greenTint,
        border: `1px solid ${emailColors.border}`,
        borderRadius: "8px",
      },
    },
    h(
      "tr",
      null,
      h(
        "td",
        { align: "center", style: { padding: "16px 16px 8px" } },
        h(
          "p",
          {
            className: "em-muted",
            style: { margin: "0 0 8px", fontSize: "13px", color: emailColors.muted },
          },
          `Ticket ${props.index} of ${props.of}`,
        ),
        h(
          "p",
          {
            className: "em-text",
            style: { margin: "0", fontSize: "18px", fontWeight: 700, color: emailColors.text },
          },
          ticket.attendeeName,
        ),
        h(
          "p",
          {
            className: "em-muted",
            style: { margin: "2px 0 12px", fontSize: "15px", color: emailColors.muted },
          },
          ticket.ticketTypeName,
        ),
        h("img", {
          src: props.qrSrc,
          width: 220,
          height: 220,
          alt: `QR code of the ticket for ${ticket.attendeeName}`,
          style: {
            display: "block",
            width: "220px",
            height: "220px",
            background: "#ffffff",
            border: "8px solid #ffffff",
            borderRadius: "4px",
          },
        }),
        ticket.manualCode
          ? h(
              "p",
              {
                className: "em-text",
                style: {
                  margin: "10px 0 0",
                  fontSize: "15px",
                  letterSpacing: "1px",
                  color: emailColors.text,
                },
              },
              "Code ",
              h("strong", null, ticket.manualCode),
            )
          : null,
      ),
    ),
    h(
      "tr",
      null,
      h(
        "td",
        { align: "center", style: { padding: "4px 16px 16px" } },
        h(EmailButton, { href: ticket.giveLink, label: "Give to someone", outline: true }),
        ticket.appleWalletLink
          ? h(EmailButton, {
              href: ticket.appleWalletLink,
              label: "Add to Apple Wallet",
              outline: true,
            })
          : null,
        ticket.googleWalletLink
          ? h(EmailButton, {
              href: ticket.googleWalletLink,
              label: "Save to Google Wallet",
              outline: true,
            })
          : null,
      ),
    ),
  );
}
