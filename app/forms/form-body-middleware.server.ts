import { data, type MiddlewareFunction } from "react-router";

/**
 * Well above any form of ours (a 5 MB cover image), so an oversized cover still reaches its
 * action and gets the field's own message; small enough to refuse junk.
 */
export const MAX_FORM_BYTES = 16 * 1024 * 1024;

const isWebForm = (type: string) =>
  /^application\/x-www-form-urlencoded\b/i.test(type) ||
  /^multipart\/form-data\b.*;\s*boundary=/i.test(type);

/** The rest of an oversized body is never read: a client still sending it waits, and costs no memory. */
const tooLarge = () => data("This form is too large.", { status: 413 });

/**
 * Every page action reads a web form. A body that is not one (text/plain, JSON, no type,
 * multipart without a boundary, bytes that do not parse) is the sender's mistake: 415 or
 * 400 here, once for every route, rather than a 500 from whichever action meets it.
 * A body past MAX_FORM_BYTES is refused with 413 as soon as the limit is passed, whatever
 * its framing: a chunked body has no Content-Length to check first.
 */
export const formBodyMiddleware: MiddlewareFunction<Response> = async ({ request }) => {
  if (request.method === "GET" || request.method === "HEAD") return;
  const type = request.headers.get("content-type") ?? "";
  if (!isWebForm(type)) {
    throw data("Forms are sent as web forms (urlencoded or multipart).", { status: 415 });
  }
  if (Number(request.headers.get("content-length") ?? 0) > MAX_FORM_BYTES) throw tooLarge();
  const counted = countedBody(request.clone().body, MAX_FORM_BYTES);
  try {
    await new Response(counted.body, { headers: { "content-type": type } }).formData();
  } catch {
    if (counted.overLimit()) throw tooLarge();
    throw data("This form could not be read.", { status: 400 });
  }
};

/**
 * The body, failing as soon as more than `limit` bytes have come. Failing cancels only the
 * clone's branch: the request's own body stays open, so the refusal can still be sent.
 */
function countedBody(body: ReadableStream<Uint8Array> | null, limit: number) {
  let bytes = 0;
  let over = false;
  const counter = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      bytes += chunk.byteLength;
      if (bytes > limit) {
        over = true;
        controller.error(new RangeError("form body over the limit"));
        return;
      }
      controller.enqueue(chunk);
    },
  });
  return { body: body?.pipeThrough(counter) ?? null, overLimit: () => over };
}
