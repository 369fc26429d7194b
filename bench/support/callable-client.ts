import http from "node:http";
import type { RunningServer } from "#tests/support/spawn-server.ts";

/** Keep-alive sockets, one per client at most: the bench's own cost stays small (no fetch). */
export const agent = new http.Agent({ keepAlive: true, maxSockets: 1024 });

export type CallAnswer = {
  http: number;
  body: { result?: { id: string }; error?: { status: string; message: string } };
};

/** `headers`: more of them, e.g. an X-Forwarded-For naming the caller's address. */
export function callFn(
  server: Pick<RunningServer, "url">,
  name: string,
  token: string,
  data: unknown,
  headers: Record<string, string> = {},
) {
  const payload = JSON.stringify({ data });
  return new Promise<CallAnswer>((resolve, reject) => {
    const request = http.request(
      `${server.url}/api/fn/${name}`,
      {
        method: "POST",
        agent,
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(payload),
          authorization: `Bearer ${token}`,
          ...headers,
        },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => {
          try {
            resolve({ http: response.statusCode ?? 0, body: JSON.parse(text) });
          } catch (error) {
            reject(error);
          }
        });
      },
    );
    request.on("error", reject);
    request.end(payload);
  });
}

/** A GET on the same keep-alive sockets, its body read and dropped: the HTTP floor. */
export function getStatus(server: RunningServer, path: string) {
  return new Promise<number>((resolve, reject) => {
    const request = http.get(`${server.url}${path}`, { agent }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
    });
    request.on("error", reject);
  });
}
