import css from "./app.css?inline";

/**
 * The whole stylesheet, for the prerendered HTML only. At hydration React
 * keeps the server's `<style>` text, so the browser bundle need not carry it.
 */
export const inlineCss: string = import.meta.env.SSR ? css : "";
