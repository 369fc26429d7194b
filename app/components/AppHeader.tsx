import { Burger, Button, Drawer, NavLink, Stack } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useState } from "react";
import { Link, useLocation } from "react-router";
import { brandName } from "~/brand";
import { callable } from "~/callable/callable";
import { useSignedInUser } from "~/session/signed-in-user";
import classes from "./AppLayout.module.css";
import { BrandMark } from "./icons";
import { isCurrentPath, mainNavigation, signInLink } from "./navigation";
import { ThemeToggle } from "./ThemeToggle";

const menuId = "main-menu";

/** Ends this browser's session (the server clears its cookies), then reloads at home. */
async function signOut() {
  try {
    await callable("sessions.signOut")();
  } finally {
    window.location.assign("/");
  }
}

/**
 * Brand, navigation and theme switch; on phones the navigation moves into a drawer. The
 * frame is plain elements where it can be (see AppFooter): it is rendered on every page.
 */
export function AppHeader() {
  const { pathname } = useLocation();
  const [menuOpened, menu] = useDisclosure(false);
  // The drawer is mounted from the first time it is opened, not on every server render.
  const [menuUsed, setMenuUsed] = useState(false);
  const current = (to: string) => (isCurrentPath(pathname, to) ? "page" : undefined);
  const user = useSignedInUser();
  const userName = user ? user.name || "Signed in" : null;

  return (
    <header className={classes.header}>
      <div className={classes.headerBar}>
        <Link to="/" className={classes.brand}>
          <BrandMark size={30} />
          <span>{brandName}</span>
        </Link>

        <nav aria-label="Main" className={`${classes.wide} ${classes.mainNav}`}>
          {mainNavigation.map((item) => (
            <Link
              key={item.to}
              to={item.to}
              className={classes.navLink}
              aria-current={current(item.to)}
            >
              {item.label}
            </Link>
          ))}
        </nav>

        <div className={classes.headerActions}>
          <ThemeToggle />
          {user ? (
            <div className={`${classes.wide} ${classes.userBlock}`}>
              <span className={classes.userName} data-testid="signed-in-user">
                {userName}
              </span>
              <Button variant="default" onClick={() => void signOut()}>
                Sign out
              </Button>
            </div>
          ) : (
            <Button component={Link} to={signInLink.to} visibleFrom="sm">
              {signInLink.label}
            </Button>
          )}
          <Burger
            hiddenFrom="sm"
            opened={menuOpened}
            onClick={() => {
              setMenuUsed(true);
              menu.toggle();
            }}
            aria-label={menuOpened ? "Close navigation" : "Open navigation"}
            aria-expanded={menuOpened}
            aria-controls={menuId}
          />
        </div>
      </div>

      {menuUsed && (
        <Drawer
          id={menuId}
          opened={menuOpened}
          onClose={menu.close}
          position="right"
          size="xs"
          title="Menu"
          hiddenFrom="sm"
          closeButtonProps={{ "aria-label": "Close navigation" }}
        >
          <Stack component="nav" aria-label="Menu" gap={4}>
            {[...mainNavigation, ...(user ? [] : [signInLink])].map((item) => (
              <NavLink
                key={item.to}
                component={Link}
                to={item.to}
                label={item.label}
                active={current(item.to) === "page"}
                aria-current={current(item.to)}
                onClick={menu.close}
              />
            ))}
            {user && (
              <NavLink
                component="button"
                label="Sign out"
                description={userName}
                onClick={() => void signOut()}
              />
            )}
          </Stack>
        </Drawer>
      )}
    </header>
  );
}
