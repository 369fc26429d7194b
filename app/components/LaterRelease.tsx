import { Alert } from "@mantine/core";
import type { ReactNode } from "react";
import { ClockIcon } from "./icons.tsx";

/** The honest notice on a screen whose feature is not built yet: no fake data, no fake form. */
export function LaterRelease({ children }: { children?: ReactNode }) {
  return (
    <Alert
      variant="light"
      color="blue"
      title="Coming in a later release"
      icon={<ClockIcon />}
      maw="42rem"
    >
      {children ?? "This screen is not available yet: it arrives with a later release."}
    </Alert>
  );
}
