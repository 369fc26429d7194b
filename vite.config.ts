import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";
import { themeStylesheet } from "./app/theme-css.ts";
import { appChunks } from "./vite.chunks.ts";
import { doorWorker } from "./vite.door-worker.ts";

/**
 * `virtual:theme.css`: the theme's CSS variables and Mantine's breakpoint classes,
 * computed from app/theme.ts at build time, so no page computes or inlines them per
 * request (decision 024).
 */
function themeCss(): Plugin {
  const id = "virtual:theme.css";
  const resolved = `\0${id}`;
  return {
    name: "theme-css",
    resolveId: (source) => (source === id ? resolved : undefined),
    load: (source) => (source === resolved ? themeStylesheet : undefined),
  };
}

const chunks = appChunks();

export default defineConfig({
  plugins: [themeCss(), reactRouter(), chunks.plugin, doorWorker()],
  build: {
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: chunks.groups },
      },
    },
  },
});
