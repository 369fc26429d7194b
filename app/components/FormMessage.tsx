import type { ReactNode } from "react";
import { Alert } from "#app/ui/notices.tsx";

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
      title={title}
    >
      {children}
    </Alert>
  );
}
