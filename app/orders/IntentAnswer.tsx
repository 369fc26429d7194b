import { FormMessage } from "#app/components/FormMessage.tsx";
import type { IntentResult } from "#app/forms/intent-action.ts";

/** What one of the order page's forms answered: its notice, or why it was refused. */
export function IntentAnswer({ result }: { result: IntentResult | undefined }) {
  if (!result) return null;
  return result.ok ? (
    <FormMessage kind="notice">{result.notice}</FormMessage>
  ) : (
    <FormMessage kind="error">{result.failure.message}</FormMessage>
  );
}
