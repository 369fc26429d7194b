/** What one attempt got: the answer's status, or why there was none. */
export type AttemptOutcome = {
  delivered: boolean;
  statusCode: number | null;
  /** Why it failed, in words for the delivery log; null when delivered. */
  error: string | null;
};

/**
 * POSTs one body. Delivered means a 2xx answer within the timeout; a redirect is not
 * followed (the endpoint's address is the one its owner gave) and counts as a failure.
 * The answer's body is not read beyond what frees the connection.
 */
export async function postWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  timeoutSeconds: number,
): Promise<AttemptOutcome> {
  try {
    const answer = await fetch(url, {
      method: "POST",
      headers,
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutSeconds * 1000),
    });
    await answer.body?.cancel().catch(() => {});
    const delivered = answer.status >= 200 && answer.status < 300;
    return {
      delivered,
      statusCode: answer.status,
      error: delivered ? null : `The endpoint answered ${answer.status}.`,
    };
  } catch (error) {
    return { delivered: false, statusCode: null, error: noAnswer(error, timeoutSeconds) };
  }
}

function noAnswer(error: unknown, timeoutSeconds: number): string {
  const name = error instanceof Error ? error.name : "";
  if (name === "TimeoutError" || name === "AbortError") {
    return `No answer within ${timeoutSeconds} s.`;
  }
  // fetch's own message is "fetch failed": the cause says what (ECONNREFUSED, ENOTFOUND…).
  const cause = error instanceof Error ? (error.cause as Error & { code?: string }) : undefined;
  const why =
    cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
  return `No answer: ${why}.`;
}
