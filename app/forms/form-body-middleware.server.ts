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
  // Counted first, keeping nothing: only a body within the limit is then parsed, so an
  // oversized one is never also held by a parser while it is refused.
  if (!(await withinLimit(request.clone().body, MAX_FORM_BYTES))) throw tooLarge();
  try {
    await request.clone().formData();
  } catch {
    throw data("This form could not be read.", { status: 400 });
  }
};

/**
 * Whether the body ends within `limit` bytes, read through and dropped as it comes. Past the
 * limit only the clone's branch is cancelled: the request's own body stays open, so the
 * refusal can still be sent.
 */
async function withinLimit(body: ReadableStream<Uint8Array> | null, limit: number) {
  if (!body) return true;
  const reader = body.getReader();
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return true;
    bytes += value.byteLength;
    if (bytes > limit) {
      // Not awaited: a tee branch's cancel settles only once the other branch is cancelled too.
      reader.cancel().catch(() => {});
      return false;
    }
  }
}
