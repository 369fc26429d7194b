import { Writable } from "node:stream";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";

type HandleErrorArgs = Parameters<HandleErrorFunction>[1];

import { NonceContext } from "./components/nonce.tsx";
import { serverContext } from "./server-context.ts";

/** Handed to the server (through the build's entry module) so both sides share the key. */
export { serverContext };

export const streamTimeout = 5_000;

/**
 * Router errors go to the request's log. A 4xx the router answers itself (no such page, no
 * action for a POST, a form from a foreign Origin) is the client's mistake, not the
 * server's: the request's own line already has its status, and the reason is written at
 * debug, so a fuzzer or a scanner cannot flood the error log.
 */
export function handleError(error: unknown, { request, context }: HandleErrorArgs) {
  if (request.signal.aborted) return;
  const { log } = context.get(serverContext);
  if ((isRouteErrorResponse(error) && error.status < 500) || isForeignOriginAction(request)) {
    log.debug({ err: error, url: request.url }, "page refused");
    return;
  }
  log.error({ err: error, url: request.url }, "page failed");
}

/**
 * The router refuses (400, before any action runs) a form whose Origin is not the page's
 * own, and reports it as a plain Error: known by the request, as the router knows it.
 */
function isForeignOriginAction(request: Request): boolean {
  if (["GET", "HEAD"].includes(request.method.toUpperCase())) return false;
  const origin = request.headers.get("origin");
  if (!origin) return false;
  try {
    return new URL(origin).origin !== new URL(request.url).origin;
  } catch {
    return true;
  }
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const userAgent = request.headers.get("user-agent");
  const bot = Boolean(userAgent && isbot(userAgent));
  // The seed spec: the error page is not shown to bots; they get the status, bare.
  if (bot && responseStatusCode >= 400) {
    return new Response(`${responseStatusCode}`, {
      status: responseStatusCode,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.get(serverContext).cspNonce;

  return new Promise<Response>((resolve, reject) => {
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );
    let shellRendered = false;
    // The whole page is rendered before a byte is sent (no screen streams: loaders fetch
    // its data first), then sent as one buffer: one compression pass and one socket write
    // instead of one per 2 KiB chunk of React's stream (decision 024).
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          const chunks: Buffer[] = [];
          const body = new Writable({
            write(chunk: Buffer, _encoding, callback) {
              chunks.push(chunk);
              callback();
            },
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              responseHeaders.set("Content-Type", "text/html; charset=utf-8");
              resolve(
                new Response(Buffer.concat(chunks), {
                  headers: responseHeaders,
                  status: responseStatusCode,
                }),
              );
              callback();
            },
          });
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered)
            loadContext.get(serverContext).log.error({ err: error }, "render failed");
        },
      },
    );
  });
}
