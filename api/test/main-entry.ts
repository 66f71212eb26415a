import { fileURLToPath } from "node:url";

/** The server's entry file, as `npm run serve` starts it: what the tests run as a child process. */
export const mainEntry = fileURLToPath(new URL("../src/main.ts", import.meta.url));
