import http2 from "node:http2";

export type ApnsAnswer = { status: number; reason?: string };

export type ApnsClient = {
  /** Tells a device that a pass of `topic` (the Pass Type ID) changed; Wallet then asks us. */
  push(pushToken: string, topic: string): Promise<ApnsAnswer>;
  close(): void;
};

/**
 * APNs over HTTP/2 with the Pass Type ID certificate as the TLS client certificate (the
 * only way Wallet pass updates are pushed: no JWT). The payload of a pass update is empty.
 * `ca`: tests trust their local peer with it; Apple's certificate chains to the system roots.
 */
export function createApnsClient(options: {
  url: string;
  cert: string;
  key: string;
  passphrase?: string | undefined;
  ca?: string;
}): ApnsClient {
  let session: http2.ClientHttp2Session | null = null;
  const connect = () => {
    if (session && !session.closed && !session.destroyed) return session;
    const opened = http2.connect(options.url, {
      cert: options.cert,
      key: options.key,
      ...(options.passphrase ? { passphrase: options.passphrase } : {}),
      ...(options.ca ? { ca: options.ca } : {}),
    });
    // A broken connection fails the pushes in flight; the next push opens a new one.
    opened.on("error", () => opened.destroy());
    opened.unref();
    session = opened;
    return opened;
  };
  return {
    push(pushToken, topic) {
      return new Promise((resolve, reject) => {
        const request = connect().request({
          ":method": "POST",
          ":path": `/3/device/${encodeURIComponent(pushToken)}`,
          "apns-topic": topic,
          "apns-push-type": "background",
          "content-type": "application/json",
        });
        let status = 0;
        let body = "";
        request.setEncoding("utf8");
        request.on("response", (headers) => {
          status = Number(headers[":status"]);
        });
        request.on("data", (chunk: string) => {
          body += chunk;
        });
        request.on("end", () => {
          resolve(reasonOf(body) ? { status, reason: reasonOf(body) as string } : { status });
        });
        request.on("error", reject);
        request.end("{}");
      });
    },
    close() {
      session?.close();
      session = null;
    },
  };
}

/** APNs answers an error with `{"reason": "BadDeviceToken"}`; anything else is no reason. */
function reasonOf(body: string): string | undefined {
  try {
    const reason = (JSON.parse(body) as { reason?: unknown }).reason;
    return typeof reason === "string" ? reason : undefined;
  } catch {
    return undefined;
  }
}
