import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_MAX } from "#contract/api-keys.ts";
import type { FunctionStatus } from "#contract/function-status.ts";
import type { Auth } from "#server/platform/auth/caller.ts";
import { sha256 } from "#server/platform/auth/token-hash.ts";
import type { Executor } from "#server/platform/db/database.ts";
import type { Logger } from "#server/platform/runtime/logger.ts";
import type { CallAnswer, FreshAnswer } from "./call-answer.ts";
import { canonicalJson } from "./canonical-json.ts";
import { FunctionError } from "./function-error.ts";
import {
  dropCall,
  finishCall,
  type IdempotentCall,
  seeCall,
  startCall,
  takeOverCall,
} from "./idempotent-calls.ts";
import type { Registry } from "./registry.ts";

// The Idempotency-Key contract of writes made with an API key (issue 30, decision 038):
// a write sent again with the same key answers the first answer, byte for byte, without
// running again. Phase 1 claims the key (a `running` row), phase 2 keeps the answer.
// Not exactly-once: a process that dies after the function's own transaction committed
// and before phase 2 leaves a running row, and a repeat after its lease runs again.

/** Set on an answer given again from the first request with the key. */
export const IDEMPOTENT_REPLAYED_HEADER = "Idempotent-Replayed";

const validKey = new RegExp(`^[\\x21-\\x7e]{1,${IDEMPOTENCY_KEY_MAX}}$`);

/**
 * Statuses that say "try again" (a conflict, a rate limit, a caller gone) or "send it
 * right" (input that is not valid: nothing ran, and the caller mends the body and sends it
 * with the same key): like 5xx answers they are not kept, or the repeat they invite would
 * get them forever (or a 422 for the mended body).
 */
const tryAgainStatuses: ReadonlySet<FunctionStatus | "OK"> = new Set([
  "ABORTED",
  "RESOURCE_EXHAUSTED",
  "CANCELLED",
  "INVALID_ARGUMENT",
]);

const keptAnswer = (answer: FreshAnswer) =>
  answer.httpCode < 500 && !tryAgainStatuses.has(answer.status);

/**
 * The call's key when the contract applies: an API key's call of a function exposed as a
 * write, with the header. Without the header a write runs as usual; on anything else the
 * header is ignored. A malformed key is refused (400).
 */
export function idempotentCallOf(request: {
  registry: Registry;
  name: string;
  data: unknown;
  auth: Auth | null;
  header: string | string[] | undefined;
  streaming: boolean;
}): IdempotentCall | null {
  const { auth, header, name } = request;
  if (!auth?.apiKey || header === undefined || !request.registry.exposure(name)?.write) {
    return null;
  }
  // Node joins a repeated header with ", ": the space makes two keys invalid, as they are.
  if (typeof header !== "string" || !validKey.test(header)) {
    throw new FunctionError(
      "INVALID_ARGUMENT",
      `The ${IDEMPOTENCY_HEADER} header must be 1 to ${IDEMPOTENCY_KEY_MAX} visible ASCII characters (no spaces).`,
    );
  }
  // Refused rather than ignored: a streamed answer's status goes out before the outcome
  // is known and its messages cannot be given again, and a caller whose key was silently
  // ignored would believe a retry safe.
  if (request.streaming) {
    throw new FunctionError(
      "INVALID_ARGUMENT",
      `A streamed call (Accept: text/event-stream) cannot take an ${IDEMPOTENCY_HEADER}.`,
    );
  }
  return {
    caller: `api-key:${auth.apiKey.id}`,
    key: header,
    functionName: name,
    requestHash: requestHashOf(name, request.data),
  };
}

/** The request's fingerprint: its function and its body, whatever the order of keys. */
function requestHashOf(name: string, data: unknown): string {
  try {
    return sha256(canonicalJson([name, data]));
  } catch {
    // A body nested deeper than the stack (it parsed: JSON.parse goes deeper).
    throw new FunctionError("INVALID_ARGUMENT", "The request body is nested too deeply.");
  }
}

/**
 * Runs `run` once for the key: the first request runs it and its answer is kept; a
 * repeat gets that answer again (`replayed`), a repeat while it runs 409, the key with
 * another request 422. An answer that is not kept (5xx, "try again") frees the key.
 */
export async function runOnce(
  db: Executor,
  log: Logger,
  call: IdempotentCall,
  run: () => Promise<FreshAnswer>,
): Promise<CallAnswer & { replayed?: true }> {
  const claim = await claimKey(db, call);
  if ("replay" in claim) return { ...claim.replay, replayed: true };
  let answer: FreshAnswer;
  try {
    answer = await run();
  } catch (error) {
    await dropCall(db, call, claim.lease).catch(() => {});
    throw error;
  }
  try {
    if (keptAnswer(answer)) await finishCall(db, call, claim.lease, answer);
    else await dropCall(db, call, claim.lease);
  } catch (error) {
    // The function ran: its answer goes out. The key stays claimed until its lease ends.
    log.error({ err: error, key: call.key }, "idempotent call's answer not kept");
  }
  return answer;
}

const keyReused = () =>
  new FunctionError(
    "INVALID_ARGUMENT",
    "This Idempotency-Key was already used for a different request.",
    { reason: "idempotency-key-reused" },
    { httpCode: 422 },
  );

const stillRunning = () =>
  new FunctionError("ABORTED", "A request with this Idempotency-Key is still in progress.", {
    reason: "idempotency-in-progress",
  });

/** Phase 1: this request's lease on the key, or the kept answer to give again. */
async function claimKey(
  db: Executor,
  call: IdempotentCall,
): Promise<{ lease: string } | { replay: CallAnswer }> {
  // Each round loses only to another request changing the row between two statements
  // (finishing, giving it up, taking it over): three rounds, then it is busy.
  for (let round = 0; round < 3; round++) {
    const lease = await startCall(db, call);
    if (lease) return { lease };
    const seen = await seeCall(db, call);
    if (!seen) continue; // given up or purged since the insert: insert again
    if (!seen.forgotten) {
      if (seen.functionName !== call.functionName || seen.requestHash !== call.requestHash) {
        throw keyReused();
      }
      if (seen.state === "done" && seen.answer) return { replay: seen.answer };
      if (!seen.leaseOver) throw stillRunning();
    }
    const taken = await takeOverCall(db, call, seen.lease);
    if (taken) return { lease: taken };
  }
  throw stillRunning();
}
