import { defineConfig } from "vite";

// The build is committed (web/dist) and embedded in moonshined, and CI
// checks that it is what these sources build: file names carry no hash
// (the server revalidates them instead), and nothing in the output depends
// on the time or the machine.
const api = process.env.MOONSHINE_API || "http://127.0.0.1:7777";

export default defineConfig({
  base: "./",
  oxc: { jsx: { runtime: "automatic", importSource: "preact" } },
  // The client's TypeScript sources (its package's "moonshine-source"
  // export), so that the app builds without building the client first.
  resolve: { conditions: ["moonshine-source", "module", "browser", "development|production"] },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    assetsDir: "assets",
    sourcemap: false,
    modulePreload: { polyfill: false },
    rollupOptions: {
      output: {
        entryFileNames: "assets/app.js",
        chunkFileNames: "assets/[name].js",
        assetFileNames: "assets/[name][extname]",
      },
    },
  },
  server: {
    // npm run dev -w web: the app on Vite's server, the API on moonshined
    // (at $MOONSHINE_API, by default 127.0.0.1:7777).
    proxy: { "^/(moonshine|grpc)\\.": api, "/v1/": api, "/openapi.json": api },
  },
});
