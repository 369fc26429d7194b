import { Burger, Button, Drawer, Group, NavLink, Stack } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { Link, useLocation } from "react-router";
import { brandName } from "~/brand";
import classes from "./AppLayout.module.css";
import { BrandMark } from "./icons";
import { isCurrentPath, mainNavigation, signInLink } from "./navigation";
import { ThemeToggle } from "./ThemeToggle";

const menuId = "main-menu";

/** Brand, navigation and theme switch; on phones the navigation moves into a drawer. */
export function AppHeader() {
  const { pathname } = useLocation();
  const [menuOpened, menu] = useDisclosure(false);
  const current = (to: string) => (isCurrentPath(pathname, to) ? "page" : undefined);

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
          <Button component={Link} to={signInLink.to} visibleFrom="sm">
            {signInLink.label}
          </Button>
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
          {[...mainNavigation, signInLink].map((item) => (
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
        </Stack>
      </Drawer>
    </header>
  );
}
