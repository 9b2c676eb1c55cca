/**
 * Input masks of server-defined text fields (spec §3 "Task form field" mask): `9` takes a digit, `a` a
 * letter, `*` either; every other character of the mask is a literal the user does not type.
 */

const DIGIT = /^[0-9]$/;
const LETTER = /^\p{L}$/u;

const SLOTS: Record<string, (char: string) => boolean> = {
  '9': (char) => DIGIT.test(char),
  a: (char) => LETTER.test(char),
  '*': (char) => DIGIT.test(char) || LETTER.test(char),
};

const isSlot = (maskChar: string) => maskChar in SLOTS;

/**
 * What a field shows once `typed` went through `mask`: typed characters fill the slots in order (those
 * that fit no slot are dropped), literals are inserted as soon as a character follows them, and input
 * beyond the mask is cut off. A literal the user typed at its place is taken as that literal, so a value
 * already masked comes out unchanged, and deleting back over a literal is not undone.
 */
export function applyMask(mask: string, typed: string): string {
  const chars = [...typed];
  let next = 0;
  let shown = '';
  for (const maskChar of mask) {
    if (next >= chars.length) break;
    const fits = SLOTS[maskChar];
    if (fits) {
      while (next < chars.length && !fits(chars[next] as string)) next += 1;
      if (next >= chars.length) break;
      shown += chars[next];
      next += 1;
    } else {
      shown += maskChar;
      if (chars[next] === maskChar) next += 1;
    }
  }
  return shown;
}

/** Whether `value` fills `mask` completely: every slot with a fitting character, every literal in place. */
export function fitsMask(mask: string, value: string): boolean {
  const maskChars = [...mask];
  const chars = [...value];
  return (
    chars.length === maskChars.length &&
    maskChars.every((maskChar, index) => {
      const char = chars[index] as string;
      return isSlot(maskChar) ? (SLOTS[maskChar] as (char: string) => boolean)(char) : char === maskChar;
    })
  );
}

/** The mask as a placeholder: each slot an underscore, literals as they are ('+7 (___) ___-__-__'). */
export const maskPlaceholder = (mask: string) =>
  [...mask].map((char) => (isSlot(char) ? '_' : char)).join('');
