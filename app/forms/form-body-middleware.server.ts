import { data, type MiddlewareFunction } from "react-router";

/**
 * Well above any form of ours (a 5 MB cover image), so an oversized cover still reaches its
 * action and gets the field's own message; small enough to refuse junk.
 */
export const MAX_FORM_BYTES = 16 * 1024 * 1024;

const isWebForm = (type: string) =>
  /^application\/x-www-form-urlencoded\b/i.test(type) ||
  /^multipart\/form-data\b.*;\s*boundary=/i.test(type);

/**
 * Every page action reads a web form. A body that is not one (text/plain, JSON, no type,
 * multipart without a boundary, bytes that do not parse) is the sender's mistake: 415 or
 * 400 here, once for every route, rather than a 500 from whichever action meets it.
 */
export const formBodyMiddleware: MiddlewareFunction<Response> = async ({ request }) => {
  if (request.method === "GET" || request.method === "HEAD") return;
  const type = request.headers.get("content-type") ?? "";
  if (!isWebForm(type)) {
    throw data("Forms are sent as web forms (urlencoded or multipart).", { status: 415 });
  }
  if (Number(request.headers.get("content-length") ?? 0) > MAX_FORM_BYTES) {
    throw data("This form is too large.", { status: 413 });
  }
  try {
    await request.clone().formData();
  } catch {
    throw data("This form could not be read.", { status: 400 });
  }
};
