/** A module bundled as the text of a script element (inline-script-plugin.ts). */
declare module "*?inline-script" {
  const text: string;
  export default text;
}

/** A module bundled as a file of the client build; the import is its address (inline-script-plugin.ts). */
declare module "*?script-file" {
  const url: string;
  export default url;
}
