import { useCallback, useEffect, useState } from "react";
import { CallableError } from "#app/callable/callable-error.ts";
import { loadCallable } from "#app/callable/load-callable.ts";
import { type CodeCheckAnswer, normalizeCode } from "#contract/event-codes.ts";

/** A code on the event page: none, being checked, applied (what it does), or refused (why). */
export type EventCodeState =
  | { status: "none" }
  | { status: "checking"; code: string }
  | { status: "applied"; answer: CodeCheckAnswer }
  | { status: "refused"; code: string; message: string };

/** The page's address with the code in its query (or without it), kept in place. */
function replaceCodeInAddress(code: string | null): void {
  const url = new URL(window.location.href);
  if (code) url.searchParams.set("code", code);
  else url.searchParams.delete("code");
  if (url.href !== window.location.href) window.history.replaceState(window.history.state, "", url);
}

/** Why a code was refused, as the function says it (not valid, not yet, expired, used up, too many tries). */
function refusalMessage(error: unknown): string {
  if (error instanceof CallableError) return error.message;
  return "The code could not be checked. Please try again.";
}

/**
 * The code applied to an event's page (decision 036). The page is a shared cached render
 * that knows no code, so the code lives in the browser: taken from `?code=` once the page
 * has loaded, checked with `codes.check`, and kept in the address so the link can be shared.
 */
export function useEventCode(eventId: string) {
  const [state, setState] = useState<EventCodeState>({ status: "none" });
  const apply = useCallback(
    async (entered: string) => {
      const code = normalizeCode(entered);
      if (code === "") {
        setState({ status: "refused", code, message: "Enter a code." });
        return;
      }
      setState({ status: "checking", code });
      try {
        const callable = await loadCallable();
        const answer = await callable("codes.check")({
          eventId,
          code,
        });
        setState({ status: "applied", answer });
        replaceCodeInAddress(answer.code);
      } catch (error) {
        setState({ status: "refused", code, message: refusalMessage(error) });
      }
    },
    [eventId],
  );
  const remove = useCallback(() => {
    setState({ status: "none" });
    replaceCodeInAddress(null);
  }, []);
  useEffect(() => {
    const fromLink = new URLSearchParams(window.location.search).get("code");
    // Another event's page (a client-side navigation) starts without the last one's code.
    if (fromLink) void apply(fromLink);
    else setState({ status: "none" });
  }, [apply]);
  return { state, apply, remove };
}
