import { startCallDeadline } from "./call-deadline.ts";
import { type CallableOptions, callRequest, functionUrl } from "./call-request.ts";
import { CallableError, unreachableError } from "./callable-error.ts";
import { MessageQueue } from "./message-queue.ts";
import { errorForResponse, isJsonObject, MISSING_DATA_MESSAGE, readAnswer } from "./read-answer.ts";

export type StreamingCall<Output> = {
  /** The `message` entries, in order; throws the call's error after the last one. */
  stream: AsyncIterable<unknown>;
  /** The final `result`, or the call's error. */
  data: Promise<Output>;
};

/** A call that accepts server-sent events: `data: {message|result|error}` lines. */
export function streamCall(
  name: string,
  data: unknown,
  options: CallableOptions,
): StreamingCall<unknown> {
  const messages = new MessageQueue<unknown>();
  const result = readStream(name, data, options, messages);
  // Also marks a rejection as handled for a caller who only iterates the stream.
  result.then(
    () => messages.end(),
    (error: unknown) => messages.end({ error }),
  );
  return { stream: messages, data: result };
}

async function readStream(
  name: string,
  data: unknown,
  options: CallableOptions,
  messages: MessageQueue<unknown>,
): Promise<unknown> {
  // Streams run as long as the server keeps sending: a time limit only when asked for.
  const deadline = startCallDeadline(options.timeout, options.signal);
  const fetchImpl = options.fetch ?? globalThis.fetch;
  try {
    const response = await fetchImpl(functionUrl(options.baseUrl, name), {
      ...callRequest(data, options, true),
      signal: deadline.signal,
    });
    const type = response.headers.get("Content-Type") ?? "";
    // A plain answer (a proxy's error, a server that does not stream): read it whole.
    if (!type.startsWith("text/event-stream")) {
      return readAnswer(response.status, await response.text());
    }
    return await readEvents(response, messages);
  } catch (error) {
    throw deadline.failure() ?? (error instanceof CallableError ? error : unreachableError());
  } finally {
    deadline.finish();
  }
}

/** Reads lines until a result or an error entry; comments (`: ping`) are skipped. */
async function readEvents(response: Response, messages: MessageQueue<unknown>) {
  const reader = response.body?.getReader();
  const decoder = new TextDecoder();
  let pending = "";
  try {
    for (let done = !reader; !done; ) {
      const chunk = await reader?.read();
      done = chunk?.done ?? true;
      pending += decoder.decode(chunk?.value, { stream: !done });
      const lines = pending.split("\n");
      pending = done ? "" : (lines.pop() ?? "");
      for (const line of lines) {
        const entry = eventEntry(line);
        if (!entry) continue;
        if ("result" in entry) return entry.result;
        if ("message" in entry) messages.push(entry.message);
        else if ("error" in entry) throw streamedError(response, entry);
      }
    }
  } finally {
    // After a result or an error nothing else matters; free the connection.
    reader?.cancel().catch(() => {});
  }
  // The stream ended without a result: an error status says why; a 2xx is malformed.
  throw (
    errorForResponse(response.status, null) ??
    new CallableError("internal", MISSING_DATA_MESSAGE, undefined, response.status)
  );
}

function eventEntry(line: string): Record<string, unknown> | undefined {
  const match = /^data: ?(.*)$/.exec(line.trim());
  if (!match) return undefined;
  try {
    const entry: unknown = JSON.parse(match[1] ?? "");
    return isJsonObject(entry) ? entry : undefined;
  } catch {
    // Like the Firebase client: a line that is not JSON is skipped.
    return undefined;
  }
}

/** An `error` entry always fails the call, even on a stream that began with HTTP 200. */
function streamedError(response: Response, entry: Record<string, unknown>): CallableError {
  const httpStatus = response.ok ? 0 : response.status;
  return errorForResponse(httpStatus, entry) ?? new CallableError("internal", "internal");
}
