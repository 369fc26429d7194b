import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { CallableError } from "#app/callable/callable.ts";
import type { CheckedVerdict, OfflineDoor } from "#app/door-offline/use-offline-door.ts";
import { randomId } from "./door-device.ts";
import { VERDICT_SHOWN_MS } from "./door-pace.ts";
import { createReadFilter } from "./read-filter.ts";
import { createRepeatMemory } from "./repeat-scan.ts";
import { signalVerdict } from "./verdict-feedback.ts";

/** A verdict on screen: decided online or on this device, fresh or a code's first shown again. */
export type ShownVerdict = CheckedVerdict & { repeat: boolean; key: string };

/**
 * Each read checked by the door (`door.check`: the server online, this device offline, a
 * fresh scan id per read): the verdict shown with its sound and vibration, then cleared
 * after a couple of seconds or on a tap. Camera reads of a code read less than 3 s ago are
 * dropped; a code read again within 30 s of its first verdict shows that verdict again,
 * marked as a repeat, and is not checked again. One read at a time is checked.
 */
export function useDoorScan(door: Pick<OfflineDoor, "check">) {
  const [shown, setShown] = useState<ShownVerdict | null>(null);
  const [checking, setChecking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const isNewRead = useMemo(() => createReadFilter(), []);
  const repeats = useMemo(() => createRepeatMemory(), []);
  const busy = useRef(false);
  const check = door.check;

  const show = useCallback((checked: CheckedVerdict, repeat: boolean) => {
    setShown({ ...checked, repeat, key: randomId() });
    signalVerdict(checked.verdict.verdict);
  }, []);

  const submit = useCallback(
    async (code: string, from: "camera" | "image") => {
      if (busy.current) return;
      if (from === "camera" && !isNewRead(code)) return;
      setFailure(null);
      const first = repeats.recall(code);
      if (first) {
        show(first, true);
        return;
      }
      busy.current = true;
      setChecking(true);
      try {
        const checked = await check(code, randomId());
        repeats.remember(code, checked);
        show(checked, false);
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
    [check, isNewRead, repeats, show],
  );

  const dismiss = useCallback(() => setShown(null), []);

  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(() => setShown(null), VERDICT_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [shown]);

  return { shown, checking, failure, submit, dismiss };
}
