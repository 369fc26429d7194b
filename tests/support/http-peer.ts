import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type PeerRequest = {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
};

export type HttpPeer = {
  url: string;
  /** Every request received, in order. */
  requests: PeerRequest[];
  close(): Promise<void>;
};

/**
 * A tiny HTTP server whose answers a test writes by hand: malformed bodies, odd statuses,
 * or no answer at all (a handler that never ends the response).
 */
export async function startHttpPeer(
  answer: (request: PeerRequest, res: ServerResponse) => void,
): Promise<HttpPeer> {
  const requests: PeerRequest[] = [];
  const server = createServer((req, res) => {
    let body = "";
    // A caller killed while it waits (the SIGKILL tests) resets its connection: let it go.
    req.on("error", () => {});
    res.on("error", () => {});
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => {
      const request = { method: req.method ?? "", url: req.url ?? "", headers: req.headers, body };
      requests.push(request);
      answer(request, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
