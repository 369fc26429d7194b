import { PKPass } from "passkit-generator";
import sharp from "sharp";
import { formatEventTime } from "#contract/event-time.ts";
import type { AppleCredentials } from "./wallet-credentials.ts";
import type { WalletTicket } from "./wallet-ticket.ts";

export const PKPASS_MEDIA_TYPE = "application/vnd.apple.pkpass";

/** Apple's pass web service: where a device registers and fetches the current pass. */
export const APPLE_WEB_SERVICE_PATH = "/wallet/apple/ws";

export type ApplePassInput = {
  ticket: WalletTicket;
  /** The ticket's current QR token; null once it was given away or cancelled. */
  qrToken: string | null;
  publicUrl: string;
  authenticationToken: string;
};

/** Wallet shows icon.png on the lock screen and in notifications; a pass without one is refused. */
let iconFiles: Promise<Record<string, Buffer>> | null = null;
function icons(): Promise<Record<string, Buffer>> {
  iconFiles ??= Promise.all(
    [29, 58, 87].map((size) =>
      sharp({
        create: { width: size, height: size, channels: 3, background: "#1c7ed6" },
      })
        .png()
        .toBuffer(),
    ),
  ).then(([one, two, three]) => ({
    "icon.png": one as Buffer,
    "icon@2x.png": two as Buffer,
    "icon@3x.png": three as Buffer,
  }));
  return iconFiles;
}

/**
 * The signed `.pkpass` of a ticket (an eventTicket; serial = ticket id). A ticket that is
 * no longer its holder's to show (given away, cancelled) gets a voided pass with no barcode,
 * so a device that fetches the update cannot show an old QR at the door.
 */
export async function applePass(credentials: AppleCredentials, input: ApplePassInput) {
  const { ticket, qrToken } = input;
  const pass = new PKPass(
    await icons(),
    {
      wwdr: credentials.wwdr,
      signerCert: credentials.signerCert,
      signerKey: credentials.signerKey,
      ...(credentials.signerKeyPassphrase
        ? { signerKeyPassphrase: credentials.signerKeyPassphrase }
        : {}),
    },
    {
      formatVersion: 1,
      passTypeIdentifier: credentials.passTypeId,
      teamIdentifier: credentials.teamId,
      serialNumber: ticket.id,
      organizationName: ticket.businessName,
      description: `Ticket for ${ticket.event.title}`,
      webServiceURL: `${input.publicUrl}${APPLE_WEB_SERVICE_PATH}`,
      authenticationToken: input.authenticationToken,
      voided: qrToken === null,
      backgroundColor: "rgb(255, 255, 255)",
      foregroundColor: "rgb(33, 37, 41)",
      labelColor: "rgb(73, 80, 87)",
    },
  );
  pass.type = "eventTicket";
  pass.primaryFields.push({ key: "event", label: "Event", value: ticket.event.title });
  pass.secondaryFields.push(
    {
      key: "when",
      label: "When",
      value: formatEventTime(ticket.event.startsAt, ticket.event.timeZone, { withZone: true }),
    },
    { key: "venue", label: "Venue", value: ticket.event.venueName },
  );
  pass.auxiliaryFields.push(
    { key: "attendee", label: "Attendee", value: ticket.attendeeName },
    { key: "type", label: "Ticket", value: ticket.ticketTypeName },
  );
  pass.backFields.push(
    {
      key: "address",
      label: "Address",
      value: ticket.event.venueAddress || ticket.event.venueName,
    },
    { key: "reference", label: "Booking", value: ticket.bookingReference },
    { key: "organizer", label: "Organiser", value: ticket.businessName },
  );
  pass.setRelevantDate(new Date(ticket.event.startsAt));
  pass.setExpirationDate(new Date(ticket.event.endsAt));
  if (qrToken) {
    pass.setBarcodes({
      message: qrToken,
      format: "PKBarcodeFormatQR",
      messageEncoding: "iso-8859-1",
    });
  }
  return pass.getAsBuffer();
}
