import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";

const GENERATED_BUNDLE = fileURLToPath(new URL("./src/generated/bundle.json", import.meta.url));

/** The number of public aids as the pages show it ("1 038"), from the generated bundle. */
export function aidsCountText(bundlePath = GENERATED_BUNDLE): string {
  const { publicBenefitCount } = JSON.parse(readFileSync(bundlePath, "utf8")) as {
    publicBenefitCount: number;
  };
  return publicBenefitCount.toLocaleString("fr-FR");
}

/** Replaces `%AIDS_COUNT%` in index.html (the meta description) with the count of public aids. */
export function aidsCountPlugin(bundlePath = GENERATED_BUNDLE): Plugin {
  return {
    name: "aids-count",
    transformIndexHtml: (html) => html.replaceAll("%AIDS_COUNT%", aidsCountText(bundlePath)),
  };
}

export default defineConfig({
  plugins: [react(), aidsCountPlugin()],
  root: "src/app",
  publicDir: "../../public",
  build: {
    outDir: "../../dist/app",
    emptyOutDir: true,
    sourcemap: true,
  },
  server: {
    proxy: { "/api": `http://127.0.0.1:${process.env.PORT ?? 8080}` },
  },
});
