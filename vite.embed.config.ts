import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

/**
 * The host script partners paste (src/embed/embed.ts), built alone as one classic script:
 * `dist/app/embed.js`, served beside the app. Run after the app's build, which empties dist/app.
 * `EMBED_OUT_DIR` builds it elsewhere (tests, parallel work).
 */
export default defineConfig({
  publicDir: false,
  build: {
    outDir: process.env.EMBED_OUT_DIR || fileURLToPath(new URL("./dist/app", import.meta.url)),
    emptyOutDir: false,
    sourcemap: false,
    target: "es2019",
    lib: {
      entry: fileURLToPath(new URL("./src/embed/embed.ts", import.meta.url)),
      formats: ["iife"],
      name: "AidesJeunesEmbed",
      fileName: () => "embed.js",
    },
  },
});
