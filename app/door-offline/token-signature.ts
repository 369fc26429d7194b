import { base64urlBytes, type ReadToken } from "#contract/ticket-token-bytes.ts";

type Bytes = Uint8Array<ArrayBuffer>;
type Verifier = (signature: Bytes, payload: Bytes) => Promise<boolean>;

/** Imported keys by their base64url text: importing costs more than a verification. */
const verifiers = new Map<string, Promise<Verifier | null>>();

/**
 * Whether the token's Ed25519 signature checks out with the published key `x` (raw,
 * base64url): WebCrypto where the browser has Ed25519, else `@noble/ed25519` (audited),
 * loaded only then.
 */
export async function signatureChecks(read: ReadToken, x: string): Promise<boolean> {
  let verifier = verifiers.get(x);
  if (!verifier) {
    verifier = verifierOf(x);
    verifiers.set(x, verifier);
  }
  const verify = await verifier;
  return verify ? verify(read.signature.slice(), read.payload.slice()) : false;
}

async function verifierOf(x: string): Promise<Verifier | null> {
  const raw = base64urlBytes(x)?.slice();
  if (raw?.length !== 32) return null;
  try {
    const key = await crypto.subtle.importKey("raw", raw, { name: "Ed25519" }, false, ["verify"]);
    return (signature, payload) => crypto.subtle.verify("Ed25519", key, signature, payload);
  } catch {
    // No Ed25519 in this browser's WebCrypto (older Safari and Firefox).
    const ed = await import("@noble/ed25519");
    return async (signature, payload) => {
      try {
        return await ed.verifyAsync(signature, payload, raw);
      } catch {
        return false;
      }
    };
  }
}
