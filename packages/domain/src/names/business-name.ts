/**
 * How business names are compared, so that no one registers a name that looks like another's and an owner
 * signs in however their keyboard spelled the name: Unicode NFKC (full-width letters, ligatures, composed
 * and decomposed accents become one form), invisible characters dropped, every kind of space made one space,
 * Cyrillic and Greek letters that look like Latin ones read as those, lower case.
 */

/** Zero-width spaces and joiners, word joiner, byte-order mark, soft hyphen, Mongolian vowel separator. */
const INVISIBLE = /[\u200B-\u200D\u2060\uFEFF\u00AD\u180E]/g;
const SPACES = /[\s\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]+/g;

/** Letters of other scripts drawn like a Latin letter (from Unicode's confusables, the ones fonts draw alike). */
const CYRILLIC = [
  'аАвВеЕёЁіІїЇјЈкКмМнНоОрРсСтТуУхХѕЅһҺԁԀԛԚԝԜӏӀɡ',
  'aabbeeeeiiiijjkkmmhhooppccttyyxxsshhddqqwwllg',
] as const;
const GREEK = ['αΑβΒεΕζΖηΗιΙκΚμΜνΝοΟρΡτΤυΥχΧ', 'aabbeezznhiikkumvnooppttuyxx'] as const;
const LOOK_ALIKES = new Map(
  [CYRILLIC, GREEK].flatMap(([from, to]) => [...from].map((letter, i) => [letter, to[i]!] as const)),
);
const LOOK_ALIKE = new RegExp(`[${CYRILLIC[0]}${GREEK[0]}]`, 'g');

/** The form two business names are compared in: equal keys mean the names look the same. */
export function businessNameKey(name: string): string {
  return name
    .normalize('NFKC')
    .replace(INVISIBLE, '')
    .replace(LOOK_ALIKE, (letter) => LOOK_ALIKES.get(letter) ?? letter)
    .toLowerCase()
    .replace(SPACES, ' ')
    .trim();
}
