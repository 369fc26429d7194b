import { generateKeyPairSync } from "node:crypto";
import type { TicketClaims } from "#contract/ticket-token-bytes.ts";
import { encodeTicketToken } from "#server/modules/tickets/ticket-token.ts";

/**
 * A ticket signing key as the offline door receives it (`{kid, x}`, decision 030), and
 * real tokens signed with it by the server's own encoder: for the door device's tests.
 */
export function doorTokenKit(kid = 1) {
  const { publicKey, privateKey } = generateKeyPairSync("ed25519");
  const x = publicKey.export({ format: "jwk" }).x;
  if (!x) throw new Error("Ed25519 public key without x");
  return {
    key: { kid, x },
    token: (claims: Omit<TicketClaims, "kid">) => encodeTicketToken({ ...claims, kid }, privateKey),
  };
}
