import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { FormMessage } from "#app/components/FormMessage.tsx";
import { Button } from "#app/ui/Button.tsx";
import { Stack } from "#app/ui/layout.tsx";
import { safeRedirect } from "#contract/safe-redirect.ts";

/** What the sign-in popup posts to this page (server/modules/profile/oidc/oidc-routes.ts). */
type PopupMessage =
  | { type: "external-sign-in"; ok: true; redirect: string }
  | { type: "external-sign-in"; ok: false; message: string };

function startUrl(mode: "popup" | "redirect", redirect: string): string {
  return `/auth/oidc/start?${new URLSearchParams({ mode, redirect })}`;
}

/**
 * "Sign in with …" for the configured OpenID Connect provider (the page's loader asks
 * `profile.externalSignInProvider`); renders nothing when none is configured. Opens a
 * popup; when the browser blocks it, the whole page goes to the provider and comes back
 * instead.
 */
export function ExternalSignInButton({ provider }: { provider: { name: string } | null }) {
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get("redirect"));
  const [error, setError] = useState<string | null>(params.get("external_error"));
  const [waiting, setWaiting] = useState(false);
  const watch = useRef<number | undefined>(undefined);

  useEffect(() => {
    function onMessage(event: MessageEvent) {
      // Only our own origin's callback page speaks for the sign-in.
      if (event.origin !== window.location.origin) return;
      const message = event.data as PopupMessage | undefined;
      if (message?.type !== "external-sign-in") return;
      setWaiting(false);
      if (message.ok) window.location.assign(safeRedirect(message.redirect));
      else setError(message.message);
    }
    window.addEventListener("message", onMessage);
    return () => {
      window.removeEventListener("message", onMessage);
      window.clearInterval(watch.current);
    };
  }, []);

  if (!provider) return null;

  function signIn() {
    setError(null);
    const width = 480;
    const height = 640;
    const left = Math.max(0, window.screenX + (window.outerWidth - width) / 2);
    const top = Math.max(0, window.screenY + (window.outerHeight - height) / 2);
    const popup = window.open(
      startUrl("popup", redirect),
      "external-sign-in",
      `popup,width=${width},height=${height},left=${left},top=${top}`,
    );
    if (!popup) {
      window.location.assign(startUrl("redirect", redirect));
      return;
    }
    setWaiting(true);
    // Closed without an answer (the person gave up): the button becomes usable again.
    window.clearInterval(watch.current);
    watch.current = window.setInterval(() => {
      if (popup.closed) {
        window.clearInterval(watch.current);
        setWaiting(false);
      }
    }, 500);
  }

  return (
    <Stack gap="xs" maw="32rem">
      {error ? <FormMessage kind="error">{error}</FormMessage> : null}
      <Button variant="default" onClick={signIn} loading={waiting} data-testid="external-sign-in">
        Sign in with {provider.name}
      </Button>
    </Stack>
  );
}
