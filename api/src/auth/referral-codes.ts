import { randomInt } from "node:crypto";

/** No 0/O, 1/I/L: a code read aloud or copied from a screen cannot be misread. */
export const referralAlphabet = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const referralCodeLength = 6;

export function newReferralCode(): string {
  let code = "";
  for (let i = 0; i < referralCodeLength; i++)
    code += referralAlphabet[randomInt(referralAlphabet.length)];
  return code;
}
