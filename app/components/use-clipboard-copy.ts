import { useCallback, useEffect, useState } from "react";

export type CopyStatus = "idle" | "copied" | "failed";

/**
 * Copies a text to the clipboard; `status` says how that went for a few seconds (the
 * page shows it where it can be seen and heard), then goes back to idle.
 */
export function useClipboardCopy(): { status: CopyStatus; copy: (text: string) => Promise<void> } {
  const [status, setStatus] = useState<CopyStatus>("idle");
  useEffect(() => {
    if (status === "idle") return;
    const timer = setTimeout(() => setStatus("idle"), 4000);
    return () => clearTimeout(timer);
  }, [status]);
  const copy = useCallback(async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setStatus("copied");
    } catch {
      setStatus("failed");
    }
  }, []);
  return { status, copy };
}
