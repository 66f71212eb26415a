import { composed, textRule } from "./text.ts";

/**
 * A person's name, as the API takes a new one (sign-up, correction, a parent's own name) and
 * the sign-up form checks it before it posts. Names already stored are never checked again: an
 * account made before this rule logs in and reads /me as it always did.
 *
 * A name is letters of any script with their combining marks (Adébáyọ̀ is "o", a dot below
 * and a grave accent), spaces, hyphens, apostrophes (' and ’) and full stops, up to 50
 * characters: Nigerian names (Ọláolúwa, Ƙasimu, Ɓala, Nneka-Chi, N'Dri) fit, and a name cannot
 * carry a phone number, an address or a link into a parent's mail (docs/decisions/022).
 */
export const nameMaxCharacters = 50;

export const nameMessages = {
  tooLong: (label: string) => `${label} must be at most ${nameMaxCharacters} characters`,
  control: (label: string) => `${label} must not contain control characters`,
  notAName: (label: string) =>
    `${label} can have only letters, spaces, hyphens, apostrophes and full stops: no numbers, email or web addresses`,
} as const;

// C0 and C1 control characters, which have no place in a name.
const controlCharacters = /\p{Cc}/u;
const nameCharacter = "[\\p{L}\\p{M} '’.-]";

/**
 * A name as sent: at most 50 characters, and between the spaces trimming removes, name
 * characters with at least one letter. Letters and full stops are allowed, so a web address's
 * "www." is refused by name. Composing to NFC afterwards changes none of this: it joins a
 * letter and its marks into a letter, and maps no other character into or out of the class.
 */
export const nameRule = textRule({
  maxLength: nameMaxCharacters,
  description:
    'Letters of any script with their marks, spaces, hyphens, apostrophes (\' and ’) and full stops, with at least one letter and no "www.". Spaces around it are trimmed.',
  pattern: `^\\s*(?!.*[wW]{3}\\.)${nameCharacter}*\\p{L}${nameCharacter}*\\s*$`,
});

/** A name as it is checked and stored: trimmed, and composed to one Unicode form. */
export const normalizeName = (raw: string) => composed(raw.trim());

/**
 * What is wrong with a new name, as a sentence naming the field (`label`), or null when it is
 * a name. `required` is the field's "please enter" sentence, for a name left empty.
 */
export function nameProblem(label: string, required: string, raw: string): string | null {
  if (raw.trim() === "") return required;
  if (nameRule.tooLong(raw)) return nameMessages.tooLong(label);
  if (nameRule.matches(raw)) return null;
  return controlCharacters.test(raw.trim())
    ? nameMessages.control(label)
    : nameMessages.notAName(label);
}
