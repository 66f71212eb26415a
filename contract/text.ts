/** Text rules every field shares. Free of zod, so the site's forms can use them too. */

/** Length in what a person calls characters: an emoji is one, not two UTF-16 units. */
export const characters = (v: string) => [...v].length;

/**
 * Keyboards differ in how they type "é" (one code point or e plus an accent), so text is
 * composed to NFC before it is checked, stored, hashed or looked up.
 */
export const composed = (v: string) => v.normalize("NFC");
