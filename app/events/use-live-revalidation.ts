import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";

/**
 * "Live availability" (the event page and its widget): the loader runs again every
 * `seconds` while the tab is in view, and as soon as it comes back into view.
 */
export function useLiveRevalidation(seconds: number) {
  const revalidator = useRevalidator();
  const latest = useRef(revalidator);
  latest.current = revalidator;
  useEffect(() => {
    const refresh = () => {
      if (document.visibilityState === "visible" && latest.current.state === "idle") {
        void latest.current.revalidate();
      }
    };
    const timer = setInterval(refresh, seconds * 1000);
    document.addEventListener("visibilitychange", refresh);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", refresh);
    };
  }, [seconds]);
}
