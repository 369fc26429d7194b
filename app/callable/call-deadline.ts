import { type CallableError, cancelledError, deadlineError } from "./callable-error.ts";

export type CallDeadline = {
  /** Aborts the request on time-out or cancellation. */
  signal: AbortSignal;
  /** Why the call was stopped (deadline-exceeded or cancelled), if it was. */
  failure(): CallableError | undefined;
  /** Stops the clock and forgets the caller's signal: the call has settled. */
  finish(): void;
};

/**
 * One call's time limit and its caller's cancellation, as one signal for fetch. Whatever
 * happens first wins, so a call cancelled after its time ran out stays deadline-exceeded.
 */
export function startCallDeadline(timeoutMs: number | undefined, caller?: AbortSignal) {
  const controller = new AbortController();
  let failure: CallableError | undefined;
  const stop = (error: CallableError) => {
    if (failure) return;
    failure = error;
    controller.abort(error);
  };
  const timer =
    timeoutMs === undefined
      ? undefined
      : setTimeout(() => stop(deadlineError(timeoutMs)), timeoutMs);
  const onCancel = () => stop(cancelledError());
  if (caller?.aborted) onCancel();
  else caller?.addEventListener("abort", onCancel, { once: true });
  const deadline: CallDeadline = {
    signal: controller.signal,
    failure: () => failure,
    finish() {
      clearTimeout(timer);
      caller?.removeEventListener("abort", onCancel);
    },
  };
  return deadline;
}
