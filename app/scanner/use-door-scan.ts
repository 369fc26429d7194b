import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { CallableError, callable } from "#app/callable/callable.ts";
import type { DoorVerdict } from "#contract/door-verdict.ts";
import { doorDeviceId, randomId } from "./door-device.ts";
import { VERDICT_SHOWN_MS } from "./door-pace.ts";
import { createReadFilter } from "./read-filter.ts";
import { signalVerdict } from "./verdict-feedback.ts";

export type ShownVerdict = { verdict: DoorVerdict; key: string };

function localStore(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * Each read checked in against the server (`checkin.scan`, this browser's device id, a
 * fresh scan id per read): the verdict shown with its sound and vibration, then cleared
 * after a couple of seconds or on a tap. Camera reads of a code read less than 3 s ago are
 * dropped; one read at a time goes to the server.
 */
export function useDoorScan(eventId: string) {
  const [shown, setShown] = useState<ShownVerdict | null>(null);
  const [checking, setChecking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const isNewRead = useMemo(() => createReadFilter(), []);
  const busy = useRef(false);
  const deviceId = useMemo(
    () => (typeof window === "undefined" ? "" : doorDeviceId(localStore())),
    [],
  );

  const submit = useCallback(
    async (code: string, from: "camera" | "image") => {
      if (busy.current) return;
      if (from === "camera" && !isNewRead(code)) return;
      busy.current = true;
      setChecking(true);
      setFailure(null);
      try {
        const verdict = await callable("checkin.scan")(
          { eventId, code, deviceId, scanId: randomId() },
          { authenticated: true, timeout: 15_000 },
        );
        setShown({ verdict, key: randomId() });
        signalVerdict(verdict.verdict);
      } catch (error) {
        setFailure(
          error instanceof CallableError
            ? `The ticket could not be checked: ${error.message}`
            : "The ticket could not be checked. Check the connection and scan again.",
        );
      } finally {
        busy.current = false;
        setChecking(false);
      }
    },
    [eventId, deviceId, isNewRead],
  );

  const dismiss = useCallback(() => setShown(null), []);

  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(() => setShown(null), VERDICT_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [shown]);

  return { shown, checking, failure, submit, dismiss, deviceId };
}
