import { lazy, Suspense, useState } from "react";
import { Link, useLocation } from "react-router";
import { AlertCount } from "#app/alerts/AlertCount.tsx";
import { BrandMark } from "#app/components/icons.tsx";
import { NotificationBell } from "#app/notifications/NotificationBell.tsx";
import { signOut } from "#app/session/sign-out.ts";
import { useSignedInUser } from "#app/session/signed-in-user.ts";
import { Button, ButtonLink } from "#app/ui/Button.tsx";
import { Burger } from "#app/ui/icon-buttons.tsx";
import { brandName } from "#contract/brand.ts";
import classes from "./AppLayout.module.css";
import {
  accountNavigation,
  isCurrentPath,
  mainNavigation,
  type NavItem,
  signInLink,
} from "./navigation.ts";
import { ThemeToggle } from "./ThemeToggle.tsx";

const menuId = "main-menu";

// Loaded the first time the menu is opened: no page needs the drawer to show or hydrate.
const MenuDrawer = lazy(() => import("./MenuDrawer.tsx"));

/**
 * Brand, navigation and theme switch; on phones the navigation moves into a drawer. The
 * frame is plain elements where it can be (see AppFooter): it is rendered on every page.
 */
export function AppHeader() {
  const { pathname } = useLocation();
  const [menuOpened, setMenuOpened] = useState(false);
  // The drawer is mounted from the first time it is opened, not on every server render.
  const [menuUsed, setMenuUsed] = useState(false);
  const current = (item: NavItem) => (isCurrentPath(pathname, item) ? "page" : undefined);
  const user = useSignedInUser();
  const userName = user ? user.name || "Signed in" : null;
  const main = mainNavigation({
    signedIn: user !== null,
    businessOwner: !!user?.businessOwner,
    teamMember: !!user?.teamMember,
  });

  return (
    <header className={classes.header}>
      <div className={classes.headerBar}>
        <Link to="/" className={classes.brand}>
          <BrandMark size={30} />
          <span>{brandName}</span>
        </Link>

        <nav aria-label="Main" className={`${classes.wide} ${classes.mainNav}`}>
          {main.map((item) => (
            <Link
              key={item.to}
              to={item.to}
              className={classes.navLink}
              aria-current={current(item)}
            >
              {item.label}
            </Link>
          ))}
        </nav>

        <div className={classes.headerActions}>
          <AlertCount />
          <NotificationBell />
          <ThemeToggle />
          {user ? (
            <div className={`${classes.wide} ${classes.userBlock}`}>
              <Link
                to="/profile"
                className={classes.userName}
                aria-label={`${userName}: your profile`}
                aria-current={current(accountNavigation[0] as NavItem)}
                data-testid="signed-in-user"
              >
                {userName}
              </Link>
              <Button variant="default" onClick={() => void signOut(user?.id ?? null)}>
                Sign out
              </Button>
            </div>
          ) : (
            <ButtonLink to={signInLink.to} visibleFrom="sm" className={classes.visitorOnly}>
              {signInLink.label}
            </ButtonLink>
          )}
          <Burger
            opened={menuOpened}
            onClick={() => {
              setMenuUsed(true);
              setMenuOpened((was) => !was);
            }}
            aria-label={menuOpened ? "Close navigation" : "Open navigation"}
            aria-expanded={menuOpened}
            aria-controls={menuId}
          />
        </div>
      </div>

      {menuUsed && (
        <Suspense fallback={null}>
          <MenuDrawer
            id={menuId}
            opened={menuOpened}
            onClose={() => setMenuOpened(false)}
            main={main}
            currentPath={pathname}
            userName={userName}
            businessOwner={!!user?.businessOwner}
            onSignOut={() => void signOut(user?.id ?? null)}
          />
        </Suspense>
      )}
    </header>
  );
}
