/** A module bundled as the text of a script element (inline-script-plugin.ts). */
declare module "*?inline-script" {
  const text: string;
  export default text;
}
