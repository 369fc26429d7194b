import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";
import { themeStylesheet } from "./app/theme-css.ts";
import { appChunks } from "./vite.chunks.ts";
import { doorWorker } from "./vite.door-worker.ts";
import { embedScript } from "./vite.embed-script.ts";

/**
 * `virtual:theme.css`: the theme's CSS variables and Mantine's breakpoint classes,
 * computed from app/theme.ts at build time, so no page computes or inlines them per
 * request (decision 024). The same stylesheet under a second name,
 * `virtual:theme-after-mantine.css`, for the Mantine layout to link after Mantine's full
 * file: one module is bundled once, where the root imports it, before that file.
 */
function themeCss(): Plugin {
  const ids = ["virtual:theme.css", "virtual:theme-after-mantine.css"];
  return {
    name: "theme-css",
    resolveId: (source) => (ids.includes(source) ? `\0${source}` : undefined),
    load: (source) =>
      source.startsWith("\0") && ids.includes(source.slice(1)) ? themeStylesheet : undefined,
  };
}

const chunks = appChunks();

export default defineConfig({
  plugins: [themeCss(), reactRouter(), chunks.plugin, embedScript(), doorWorker()],
  build: {
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: chunks.groups },
      },
    },
  },
});
