import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";

export default defineConfig({
  plugins: [react()],
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
