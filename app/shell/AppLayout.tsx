import type { ReactNode } from "react";
import { AppFooter } from "./AppFooter.tsx";
import { AppHeader } from "./AppHeader.tsx";
import classes from "./AppLayout.module.css";

export const mainContentId = "main-content";

/** Every page's frame: skip link, header, the screen, footer. */
export function AppLayout({ children }: { children: ReactNode }) {
  return (
    <div className={classes.shell}>
      <a href={`#${mainContentId}`} className={classes.skipLink}>
        Skip to main content
      </a>
      <AppHeader />
      {/* tabIndex -1: the skip link moves keyboard focus here, not only the scroll. */}
      <main id={mainContentId} tabIndex={-1} className={classes.main}>
        {children}
      </main>
      <AppFooter />
    </div>
  );
}
