import { useEffect, useState } from "react";
import { Form } from "react-router";
import { useSubmitting } from "#app/forms/use-submitting.ts";
import { Button } from "#app/ui/Button.tsx";
import { Text } from "#app/ui/text.tsx";

function secondsUntil(iso: string): number {
  return Math.max(0, Math.ceil((new Date(iso).getTime() - Date.now()) / 1000));
}

/**
 * Asks for a new code once the cooldown has passed; until then the button says how long
 * is left (counting down in the browser; rendered on the server with the wait at that time).
 */
export function ResendCode({ availableAt }: { availableAt: string }) {
  const [wait, setWait] = useState(() => secondsUntil(availableAt));
  const submitting = useSubmitting("resend");

  useEffect(() => {
    setWait(secondsUntil(availableAt));
    const timer = setInterval(() => {
      const left = secondsUntil(availableAt);
      setWait(left);
      if (left === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [availableAt]);

  return (
    <Form method="post">
      <input type="hidden" name="intent" value="resend" />
      <Button type="submit" variant="default" disabled={wait > 0} loading={submitting}>
        Send a new code
      </Button>
      <Text size="sm" c="dimmed" mt={4} aria-live="polite">
        {wait > 0
          ? `You can ask for a new code in ${wait} seconds.`
          : "Didn't get it? Ask for a new code."}
      </Text>
    </Form>
  );
}
