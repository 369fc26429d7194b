import { Anchor, Loader, Stack, Text } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { Link, useLocation, useRevalidator } from "react-router";

/** How often the page asks again, and when it stops promising "a moment". */
const recheckMs = 1500;
const slowAfterMs = 60_000;

/**
 * Back from the payment page before the payment is known to us: each look asks the
 * provider (the server does, it does not wait for the webhook), and the loader sends the
 * buyer on to the booking once it is made. Without JavaScript, "Check again" does the same.
 */
export function ConfirmingPayment() {
  const revalidator = useRevalidator();
  const latest = useRef(revalidator);
  latest.current = revalidator;
  const location = useLocation();
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    const started = Date.now();
    const timer = setInterval(() => {
      if (Date.now() - started >= slowAfterMs) setSlow(true);
      if (latest.current.state === "idle") void latest.current.revalidate();
    }, recheckMs);
    return () => clearInterval(timer);
  }, []);
  return (
    <Stack gap="sm" role="status" aria-live="polite" data-confirming>
      <Stack gap={4}>
        <Text size="lg" fw={700}>
          <Loader size="xs" mr="xs" aria-hidden="true" />
          Confirming your payment…
        </Text>
        {slow ? (
          <Text>
            This is taking longer than usual. There is no need to pay again: we email your tickets
            as soon as the payment is confirmed, and they appear in{" "}
            <Anchor component={Link} to="/order">
              your orders
            </Anchor>
            .
          </Text>
        ) : (
          <Text>This takes a few seconds. Please keep this page open.</Text>
        )}
      </Stack>
      <Text size="sm">
        <Anchor component={Link} to={`${location.pathname}${location.search}`} reloadDocument>
          Check again
        </Anchor>
      </Text>
    </Stack>
  );
}
