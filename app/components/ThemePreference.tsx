import { type MantineColorScheme, SegmentedControl, useMantineColorScheme } from "@mantine/core";
import { useMounted } from "@mantine/hooks";

const choices: { value: MantineColorScheme; label: string }[] = [
  { value: "light", label: "Light" },
  { value: "dark", label: "Dark" },
  { value: "auto", label: "System" },
];

/**
 * Light, dark or follow the system; kept in this browser. The stored choice is only known
 * in the browser, so the server and the first render show the default ("System").
 */
export function ThemePreference() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const mounted = useMounted();
  return (
    <SegmentedControl
      data={choices}
      value={mounted ? colorScheme : "auto"}
      onChange={(value) => setColorScheme(value as MantineColorScheme)}
    />
  );
}
