import type { AddressInfo } from "node:net";
import PostalMime, { type Email } from "postal-mime";
import { SMTPServer } from "smtp-server";

export type ReceivedMail = {
  /** Envelope sender and recipients. */
  from: string;
  to: string[];
  raw: string;
  /** The parsed message: headers, `from` (name, address), subject, text, html, attachments. */
  parsed: Email;
};

export type MailPeer = {
  /** `smtp://127.0.0.1:{port}`, for SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** Mails to an address (any case), in the order received. */
  to(address: string): ReceivedMail[];
  /** Resolves when `count` mails to `address` have arrived (rejects after `timeoutMs`). */
  waitFor(address: string, count?: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
};

/** A real SMTP server on loopback that keeps and parses (postal-mime) every message it accepts. */
export async function startMailPeer(): Promise<MailPeer> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    size: 30 * 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        PostalMime.parse(raw)
          .then((parsed) => {
            received.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
              to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
              raw,
              parsed,
            });
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  // A sender killed mid-message (the SIGKILL tests) resets its connection: the peer lets
  // that connection go, as a real mail server does, instead of throwing in the test run.
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  const to = (address: string) =>
    received.filter((mail) => mail.to.includes(address.toLowerCase()));
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    to,
    async waitFor(address, count = 1, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (to(address).length < count) {
        if (Date.now() > deadline) {
          throw new Error(`${to(address).length} of ${count} mails to ${address} arrived`);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return to(address);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
