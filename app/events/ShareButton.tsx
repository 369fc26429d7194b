import { useClipboardCopy } from "#app/components/use-clipboard-copy.ts";
import { Button } from "#app/ui/Button.tsx";
import { Text } from "#app/ui/text.tsx";

/**
 * Shares the page through the device's share sheet (Web Share API) where there is one;
 * elsewhere copies the link and says so where it can be seen and heard.
 */
export function ShareButton({ url, title }: { url: string; title: string }) {
  const { status, copy } = useClipboardCopy();

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
    await copy(url);
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
