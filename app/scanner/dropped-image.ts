import { DropImageFetchError, ImageDecodeError } from "./scanner-errors.ts";

/** The part of a drop's DataTransfer that holds an image: files, or a URL dragged from a page. */
export type DroppedData = {
  files: ArrayLike<Blob>;
  getData(type: string): string;
};

/** The URL of an image dragged from a web page: the uri-list, else an `<img src>` in the HTML. */
export function droppedImageUrl(data: DroppedData): string | null {
  const uriList = data
    .getData("text/uri-list")
    .split(/\r?\n/)
    .map((line) => line.trim())
    .find((line) => line && !line.startsWith("#"));
  if (uriList) return uriList;
  const html = data.getData("text/html");
  const src = /<img[^>]+src\s*=\s*["']([^"']+)["']/i.exec(html)?.[1];
  if (src) return src;
  const text = data.getData("text/plain").trim();
  return /^(https?|data|blob):/i.test(text) ? text : null;
}

/**
 * The image a person dropped: a file as it is; a URL only from this page's own origin
 * (data: and blob: URLs are the page's own), since a cross-origin picture cannot be read
 * back from a canvas (seed spec, section 5: DropImageFetchError).
 */
export async function droppedImage(
  data: DroppedData,
  pageUrl: string,
  fetchImage: (url: string) => Promise<Response> = (url) => fetch(url),
): Promise<Blob> {
  const file = data.files[0];
  if (file) return file;
  const raw = droppedImageUrl(data);
  if (!raw) throw new ImageDecodeError("decode");
  const url = new URL(raw, pageUrl);
  const own = url.protocol === "data:" || url.protocol === "blob:";
  if (!own && url.origin !== new URL(pageUrl).origin) throw new DropImageFetchError();
  let response: Response;
  try {
    response = await fetchImage(url.href);
  } catch {
    throw new DropImageFetchError();
  }
  if (!response.ok) throw new ImageDecodeError("decode");
  return response.blob();
}
