/** Text rules every field shares. Free of zod, so the site's forms can use them too. */

/** Length in what a person calls characters: an emoji is one, not two UTF-16 units. */
export const characters = (v: string) => [...v].length;

/**
 * Keyboards differ in how they type "é" (one code point or e plus an accent), so text is
 * composed to NFC before it is checked, stored, hashed or looked up.
 */
export const composed = (v: string) => v.normalize("NFC");

/**
 * A text field's rule as JSON Schema states it, about the value as sent, before it is trimmed
 * or composed: the API's document publishes these keywords and the field's check enforces
 * them, so a client's validator and the server refuse the same values (the corpus test in
 * api/src/openapi/document.agrees.test.ts). Lengths count code points, as JSON Schema's do.
 * A pattern is ECMA-262 with the `u` flag (Ajv's default), for `\p{L}` and its kin.
 */
export type TextKeywords = {
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  /** The rule in words, for the people who read the document (the API reference shows it). */
  description: string;
};

/**
 * A pattern for a value that is trimmed before it is kept: `\s` matches exactly what `trim`
 * removes (WhiteSpace and LineTerminator), so the keyword takes what trimming would make good.
 */
export const betweenSpaces = (pattern: string) => `^\\s*(?:${pattern})\\s*$`;

/** A rule's keywords, and the tests a field's check makes of them, one message each. */
export function textRule(keywords: TextKeywords) {
  const shape = keywords.pattern === undefined ? undefined : new RegExp(keywords.pattern, "u");
  const tooShort = (v: string) => characters(v) < (keywords.minLength ?? 0);
  const tooLong = (v: string) => characters(v) > (keywords.maxLength ?? Number.POSITIVE_INFINITY);
  const matches = (v: string) => shape?.test(v) ?? true;
  return {
    keywords,
    tooShort,
    tooLong,
    matches,
    keeps: (v: string) => !tooShort(v) && !tooLong(v) && matches(v),
  };
}
export type TextRule = ReturnType<typeof textRule>;
