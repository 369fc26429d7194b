import { Burger, Button, Drawer, Group, NavLink, Stack, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
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

/** Brand, navigation and theme switch; on phones the navigation moves into a drawer. */
export function AppHeader() {
  const { pathname } = useLocation();
  const [menuOpened, menu] = useDisclosure(false);
  const current = (to: string) => (isCurrentPath(pathname, to) ? "page" : undefined);
  const user = useSignedInUser();
  const userName = user ? user.name || "Signed in" : null;

  return (
    <header className={classes.header}>
      <Group h={60} px="md" gap="sm" justify="space-between" wrap="nowrap" maw={1200} mx="auto">
        <Link to="/" className={classes.brand}>
          <BrandMark size={30} />
          <span>{brandName}</span>
        </Link>

        <Group component="nav" aria-label="Main" gap={4} visibleFrom="sm" wrap="nowrap">
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
        </Group>

        <Group gap="xs" wrap="nowrap">
          <ThemeToggle />
          {user ? (
            <Group gap="xs" wrap="nowrap" visibleFrom="sm">
              <Text size="sm" fw={500} data-testid="signed-in-user">
                {userName}
              </Text>
              <Button variant="default" onClick={() => void signOut()}>
                Sign out
              </Button>
            </Group>
          ) : (
            <Button component={Link} to={signInLink.to} visibleFrom="sm">
              {signInLink.label}
            </Button>
          )}
          <Burger
            hiddenFrom="sm"
            opened={menuOpened}
            onClick={menu.toggle}
            aria-label={menuOpened ? "Close navigation" : "Open navigation"}
            aria-expanded={menuOpened}
            aria-controls={menuId}
          />
        </Group>
      </Group>

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
    </header>
  );
}
