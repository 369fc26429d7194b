import { Alert } from "@mantine/core";
import type { ReactNode } from "react";

/** A form's answer above its fields: an error (role alert) or a neutral notice (status). */
export function FormMessage({
  kind,
  title,
  children,
}: {
  kind: "error" | "notice";
  title?: string;
  children: ReactNode;
}) {
  return (
    <Alert
      role={kind === "error" ? "alert" : "status"}
      color={kind === "error" ? "red" : "blue"}
      variant="light"
      title={title}
    >
      {children}
    </Alert>
  );
}
