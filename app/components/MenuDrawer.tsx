import { Drawer, NavLink, Stack, Text } from "@mantine/core";
import { Link } from "react-router";
import classes from "./AppLayout.module.css";
import {
  accountNavigation,
  consoleNavigation,
  isCurrentPath,
  type NavItem,
  signInLink,
} from "./navigation.ts";

/**
 * The phone navigation (AppHeader), in its own chunk: loaded when first opened. The main
 * list, then an owner's console sections, then the signed-in person's own pages.
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
  const current = (item: NavItem) => (isCurrentPath(props.currentPath, item) ? "page" : undefined);
  const menuLink = (item: NavItem) => (
    <NavLink
      key={item.to}
      component={Link}
      to={item.to}
      label={item.label}
      active={current(item) === "page"}
      aria-current={current(item)}
      onClick={props.onClose}
    />
  );
  return (
    <Drawer
      id={props.id}
      opened={props.opened}
      onClose={props.onClose}
      position="right"
      size="xs"
      title="Menu"
      hiddenFrom="sm"
      closeButtonProps={{ "aria-label": "Close navigation" }}
    >
      <Stack component="nav" aria-label="Menu" gap={4}>
        {props.main.map(menuLink)}
        {props.businessOwner ? (
          <>
            <Text component="h2" className={classes.menuHeading}>
              Your business
            </Text>
            {consoleNavigation.map(menuLink)}
          </>
        ) : null}
        {props.userName !== null ? (
          <>
            <Text component="h2" className={classes.menuHeading}>
              {props.userName}
            </Text>
            {accountNavigation.map(menuLink)}
            <NavLink component="button" label="Sign out" onClick={props.onSignOut} />
          </>
        ) : (
          menuLink(signInLink)
        )}
      </Stack>
    </Drawer>
  );
}
