import { useNavigation } from "react-router";

/** Whether this page's form (or the one with that `intent`) is being sent: for loading states. */
export function useSubmitting(intent?: string): boolean {
  const navigation = useNavigation();
  if (navigation.state === "idle" || !navigation.formData) return false;
  return intent === undefined || navigation.formData.get("intent") === intent;
}

/** The `intent` of the form being sent by navigation, or null when none is. */
export function usePendingIntent(): string | null {
  const navigation = useNavigation();
  if (navigation.state === "idle" || !navigation.formData) return null;
  return String(navigation.formData.get("intent") ?? "");
}
