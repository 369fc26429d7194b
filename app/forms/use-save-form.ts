import { useRef } from "react";
import { useFetcher } from "react-router";
import type { IntentResult } from "./intent-action.ts";

/**
 * A console form that saves one thing by its `intent` (a code, a question): its fetcher,
 * the refusal of its last try (to keep what was typed and put the errors on the fields),
 * its settled answer (for the notice) and a `round` that grows with each new success, so a
 * form that empties after saving can remount its fields with it as their key.
 */
export function useSaveForm(intent: string, emptyAfterSaving: boolean) {
  const fetcher = useFetcher<IntentResult>();
  const result = fetcher.data?.intent === intent ? fetcher.data : undefined;
  const failure = result && !result.ok ? result.failure : undefined;
  const rounds = useRef<{ answer: unknown; round: number }>({ answer: undefined, round: 0 });
  const settled = fetcher.state === "idle" ? result : undefined;
  // Each new success (once the list has reloaded) starts a new round.
  if (emptyAfterSaving && settled?.ok && rounds.current.answer !== settled) {
    rounds.current = { answer: settled, round: rounds.current.round + 1 };
  }
  return { fetcher, failure, settled, round: rounds.current.round };
}
