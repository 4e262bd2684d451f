// How the world's search engines see text: one normal form for what a user types and what the
// world's names say, so "Dubai Mall", "dubai mall", "DUBAI  MALL" and "دبي مول" with or without
// its vowel marks all meet. Every index (places, airports, products, restaurants) uses these two
// functions for its documents and its queries alike: an index that normalised differently from
// its queries would miss silently.

// Arabic vowel marks (tashkeel), the superscript alef and the tatweel carry no letters of a name.
const ARABIC_MARKS = /[\u064B-\u065F\u0670\u0640]/g;
// Spellings people use interchangeably in search boxes: hamza forms of alef, alef maqsura for
// yaa, taa marbuta for haa, hamza on waw and yaa.
const ARABIC_LETTERS: Record<string, string> = {
  "\u0623": "\u0627", // أ
  "\u0625": "\u0627", // إ
  "\u0622": "\u0627", // آ
  "\u0671": "\u0627", // ٱ
  "\u0649": "\u064A", // ى
  "\u0629": "\u0647", // ة
  "\u0624": "\u0648", // ؤ
  "\u0626": "\u064A", // ئ
};
const ARABIC_LETTER = /[\u0623\u0625\u0622\u0671\u0649\u0629\u0624\u0626]/g;
// Arabic-Indic digits read as the digits they are.
const ARABIC_DIGIT = /[\u0660-\u0669]/g;

// Plain ASCII (most names and queries) needs none of the Unicode steps: the short path gives
// the same result at a fraction of the cost, which is most of building a 6,000-airport index.
const ASCII = /^[\x00-\x7F]*$/;

/** Lower case, Latin accents and Arabic marks dropped, interchangeable letters unified, spaces folded. */
export function normalizeText(text: string): string {
  if (ASCII.test(text)) {
    return text
      .toLowerCase()
      .replace(/['`]/g, "")
      .replace(/[^a-z0-9]+/g, " ")
      .trim();
  }
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036F]/g, "")
    .toLowerCase()
    .replace(ARABIC_MARKS, "")
    .replace(ARABIC_LETTER, (c) => ARABIC_LETTERS[c] ?? c)
    .replace(ARABIC_DIGIT, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/['\u2019`]/g, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** The words of a text in normal form (for a search index's tokenizer and its queries). */
export function words(text: string): string[] {
  const normal = normalizeText(text);
  return normal === "" ? [] : normal.split(" ");
}
