import type { MantineColorsTuple } from "@mantine/core";

/**
 * Mantine's own green and blue are too light for text: white on green.6 is 2.4:1 and
 * green.9 on white 4.4:1, under WCAG's 4.5:1. These keep the light tints and darken
 * shades 6-9 so every shade the theme uses for text or filled buttons passes AA.
 */
export const green: MantineColorsTuple = [
  "#ebfbee",
  "#d3f9d8",
  "#b2f2bb",
  "#8ce99a",
  "#69db7c",
  "#51cf66",
  "#2f9e44",
  "#237f37",
  "#1c6e2f",
  "#155724",
];

export const blue: MantineColorsTuple = [
  "#e7f5ff",
  "#d0ebff",
  "#a5d8ff",
  "#74c0fc",
  "#4dabf7",
  "#339af0",
  "#1c7ed6",
  "#1971c2",
  "#1864ab",
  "#134e85",
];

/** Brand green for the browser's UI (meta theme-color). */
export const themeColor = green[7];
