import { type ReactNode, useEffect, useState } from "react";
import classes from "./EmbedFrame.module.css";

/**
 * A widget's page in place of the site's frame: the widget alone, as its host frames it.
 * `data-hydrated` once React runs in the page (its buttons open the booking's pop-up).
 */
export function EmbedFrame({ children }: { children: ReactNode }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <main className={classes.frame} data-hydrated={hydrated ? "" : undefined}>
      {children}
    </main>
  );
}
