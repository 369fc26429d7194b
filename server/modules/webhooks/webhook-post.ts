import http from "node:http";
import https from "node:https";
import { isPrivateAddress, PrivateAddressError, publicOnlyLookup } from "./private-addresses.ts";

/** What one attempt got: the answer's status, or why there was none. */
export type AttemptOutcome = {
  delivered: boolean;
  statusCode: number | null;
  /** Why it failed, in words for the delivery log; null when delivered. */
  error: string | null;
};

export type PostOptions = {
  timeoutSeconds: number;
  /** False in production: this machine and private networks are refused, by name or address. */
  privateNetworks: boolean;
};

/**
 * POSTs one body. Delivered means a 2xx answer within the timeout; a redirect is not
 * followed (the endpoint's address is the one its owner gave) and counts as a failure.
 * The answer's body is read and dropped. Without `privateNetworks`, the address connected
 * to must be public: checked after DNS, so a name pointed at an inside address is refused.
 */
export function postWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  options: PostOptions,
): Promise<AttemptOutcome> {
  const target = new URL(url);
  const failed = (error: unknown): AttemptOutcome => ({
    delivered: false,
    statusCode: null,
    error: noAnswer(error, options.timeoutSeconds),
  });
  if (!options.privateNetworks && isPrivateAddress(target.hostname)) {
    return Promise.resolve(failed(new PrivateAddressError(target.hostname)));
  }
  return new Promise((resolve) => {
    const client = target.protocol === "https:" ? https : http;
    const request = client.request(
      target,
      {
        method: "POST",
        headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
        lookup: options.privateNetworks ? undefined : publicOnlyLookup,
        signal: AbortSignal.timeout(options.timeoutSeconds * 1000),
        agent: false,
      },
      (answer) => {
        const status = answer.statusCode ?? 0;
        answer.resume();
        answer.on("error", () => {});
        const delivered = status >= 200 && status < 300;
        resolve({
          delivered,
          statusCode: status,
          error: delivered ? null : `The endpoint answered ${status}.`,
        });
      },
    );
    request.on("error", (error) => resolve(failed(error)));
    request.end(body);
  });
}

function noAnswer(error: unknown, timeoutSeconds: number): string {
  if (error instanceof PrivateAddressError) {
    return `Refused: ${error.message}. Webhooks go to public addresses only.`;
  }
  const name = error instanceof Error ? error.name : "";
  if (name === "TimeoutError" || name === "AbortError") {
    return `No answer within ${timeoutSeconds} s.`;
  }
  const code = (error as { code?: string } | undefined)?.code;
  return `No answer: ${code ?? (error instanceof Error ? error.message : String(error))}.`;
}
