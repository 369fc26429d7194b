import { useEffect, useState } from "react";
import { Button } from "#app/ui/Button.tsx";
import { Text } from "#app/ui/text.tsx";

/**
 * Shares the page through the device's share sheet (Web Share API) where there is one;
 * elsewhere copies the link and says so where it can be seen and heard.
 */
export function ShareButton({ url, title }: { url: string; title: string }) {
  const [status, setStatus] = useState<"idle" | "copied" | "failed">("idle");
  useEffect(() => {
    if (status === "idle") return;
    const timer = setTimeout(() => setStatus("idle"), 4000);
    return () => clearTimeout(timer);
  }, [status]);

  async function share() {
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title, url });
        return;
      } catch (error) {
        // The person closed the share sheet: nothing to do.
        if ((error as Error).name === "AbortError") return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      setStatus("copied");
    } catch {
      setStatus("failed");
    }
  }

  return (
    <>
      <Button variant="default" onClick={share}>
        Share
      </Button>
      <Text
        size="sm"
        role="status"
        aria-live="polite"
        c={status === "failed" ? "red.9" : undefined}
      >
        {status === "copied" ? "Link copied" : status === "failed" ? `Copy this link: ${url}` : ""}
      </Text>
    </>
  );
}
