import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [reactRouter()],
  build: {
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        // Few, larger files: on a slow mobile link each extra request costs a
        // round trip, more than the few bytes a page may load without using.
        codeSplitting: {
          groups: [
            { name: "framework", test: /node_modules[\\/]/ },
            { name: "shared", test: /web[\\/]app[\\/]/, minShareCount: 2 },
          ],
        },
      },
    },
  },
});
