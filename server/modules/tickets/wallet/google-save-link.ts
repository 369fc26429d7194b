import { importPKCS8, SignJWT } from "jose";
import type { GoogleCredentials } from "./wallet-credentials.ts";
import type { WalletTicket } from "./wallet-ticket.ts";

export const GOOGLE_SAVE_URL = "https://pay.google.com/gp/v/save/";

const text = (value: string) => ({ defaultValue: { language: "en", value } });

/** Google allows letters, digits, `.`, `_` and `-` after the issuer id. */
const safeId = (value: string) => value.replace(/[^\w.-]/g, "_");

/** The Google object of a ticket's generation: a ticket passed on saves as a new object. */
export function googleObjectId(
  credentials: GoogleCredentials,
  ticket: { id: string; generation: number },
): string {
  return `${credentials.issuerId}.${safeId(ticket.id)}-${ticket.generation}`;
}

/**
 * The "Save to Google Wallet" link: a JWT signed with the service account's key that
 * carries the event's class and the ticket's object inline, so Google creates both on
 * save. The object id names the generation: a ticket passed on saves as a new object.
 */
export async function googleSaveUrl(
  credentials: GoogleCredentials,
  input: { ticket: WalletTicket; qrToken: string; publicUrl: string },
): Promise<string> {
  const { ticket, qrToken } = input;
  const classId = `${credentials.issuerId}.event-${safeId(ticket.event.id)}`;
  const payload = {
    eventTicketClasses: [
      {
        id: classId,
        issuerName: ticket.businessName,
        eventName: text(ticket.event.title),
        reviewStatus: "UNDER_REVIEW",
        dateTime: { start: ticket.event.startsAt, end: ticket.event.endsAt },
        venue: {
          name: text(ticket.event.venueName),
          address: text(ticket.event.venueAddress || ticket.event.venueName),
        },
      },
    ],
    eventTicketObjects: [
      {
        id: googleObjectId(credentials, ticket),
        classId,
        state: "ACTIVE",
        ticketHolderName: ticket.attendeeName,
        ticketType: text(ticket.ticketTypeName),
        reservationInfo: { confirmationCode: ticket.bookingReference },
        barcode: { type: "QR_CODE", value: qrToken },
      },
    ],
  };
  const key = await importPKCS8(credentials.privateKey, "RS256");
  const jwt = await new SignJWT({ typ: "savetowallet", origins: [input.publicUrl], payload })
    .setProtectedHeader({ alg: "RS256", typ: "JWT" })
    .setIssuer(credentials.serviceAccountEmail)
    .setAudience("google")
    .setIssuedAt()
    .sign(key);
  return `${GOOGLE_SAVE_URL}${jwt}`;
}
