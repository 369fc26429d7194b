import { useEffect, useId, useRef } from "react";
import { Link } from "react-router";
import classes from "./MenuDrawer.module.css";
import {
  accountNavigation,
  consoleNavigation,
  isCurrentPath,
  type NavItem,
  signInLink,
} from "./navigation.ts";

const closeIcon =
  "M11.7816 4.03157C12.0062 3.80702 12.0062 3.44295 11.7816 3.2184C11.5571 2.99385 11.193 2.99385 10.9685 3.2184L7.50005 6.68682L4.03164 3.2184C3.80708 2.99385 3.44301 2.99385 3.21846 3.2184C2.99391 3.44295 2.99391 3.80702 3.21846 4.03157L6.68688 7.49999L3.21846 10.9684C2.99391 11.193 2.99391 11.557 3.21846 11.7816C3.44301 12.0061 3.80708 12.0061 4.03164 11.7816L7.50005 8.31316L10.9685 11.7816C11.193 12.0061 11.5571 12.0061 11.7816 11.7816C12.0062 11.557 12.0062 11.193 11.7816 10.9684L8.31322 7.49999L11.7816 4.03157Z";

/** Mantine's NavLink classes: the same rows as the console's navigation. */
const rowClass =
  "mantine-focus-auto m_f0824112 mantine-NavLink-root m_87cf2631 mantine-UnstyledButton-root";

function RowLabel({ label }: { label: string }) {
  return (
    <div className="m_f07af9d2 mantine-NavLink-body">
      <span className="m_1f6ac4c4 mantine-NavLink-label">{label}</span>
    </div>
  );
}

/**
 * The phone navigation (AppHeader), in its own chunk: loaded when first opened. A native
 * modal `<dialog>` sliding in from the right: the browser keeps focus inside it, closes
 * it on Escape and gives focus back to the menu button. The main list, then an owner's
 * console sections, then the signed-in person's own pages.
 */
export default function MenuDrawer(props: {
  id: string;
  opened: boolean;
  onClose(): void;
  main: readonly NavItem[];
  currentPath: string;
  userName: string | null;
  businessOwner: boolean;
  onSignOut(): void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const { opened } = props;
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (opened && !element.open) element.showModal();
    if (!opened && element.open) element.close();
  }, [opened]);

  const menuLink = (item: NavItem) => {
    const current = isCurrentPath(props.currentPath, item);
    return (
      <Link
        key={item.to}
        to={item.to}
        className={rowClass}
        data-active={current || undefined}
        aria-current={current ? "page" : undefined}
        onClick={props.onClose}
      >
        <RowLabel label={item.label} />
      </Link>
    );
  };
  return (
    // A click on the dimmed page around the panel (the dialog's backdrop) closes it; the
    // keyboard's way out is Escape, which the dialog handles itself.
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape closes a modal dialog natively
    <dialog
      ref={dialog}
      id={props.id}
      className={classes.drawer}
      aria-labelledby={titleId}
      onClose={props.onClose}
      onClick={(event) => event.target === event.currentTarget && props.onClose()}
    >
      <div className={classes.panel}>
        <div className={classes.top}>
          <h2 id={titleId} className={classes.title}>
            Menu
          </h2>
          <button
            type="button"
            className="mantine-focus-auto mantine-active m_220c80f2 m_86a44da5 mantine-CloseButton-root m_87cf2631 mantine-UnstyledButton-root"
            data-variant="subtle"
            aria-label="Close navigation"
            onClick={props.onClose}
          >
            <svg viewBox="0 0 15 15" fill="none" aria-hidden="true" className={classes.closeIcon}>
              <path d={closeIcon} fill="currentColor" fillRule="evenodd" clipRule="evenodd" />
            </svg>
          </button>
        </div>
        <nav aria-label="Menu" className={classes.list}>
          {props.main.map(menuLink)}
          {props.businessOwner ? (
            <>
              <h3 className={classes.heading}>Your business</h3>
              {consoleNavigation.map(menuLink)}
            </>
          ) : null}
          {props.userName !== null ? (
            <>
              <h3 className={classes.heading}>{props.userName}</h3>
              {accountNavigation.map(menuLink)}
              <button type="button" className={rowClass} onClick={props.onSignOut}>
                <RowLabel label="Sign out" />
              </button>
            </>
          ) : (
            menuLink(signInLink)
          )}
        </nav>
      </div>
    </dialog>
  );
}
