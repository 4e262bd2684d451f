// One search term per word, the same for a document and a query, so the spellings a shopper
// types interchangeably meet: an English plural and its singular ("tomatoes", "tomato"), an
// Arabic word with and without its article ("الحليب", "حليب") or its "with the" prefix
// ("بالفراوله", "فراوله"). Deliberately small: a full stemmer would join words a shopper keeps
// apart ("dates" the fruit and "dated"), and MiniSearch's prefix and typo matching cover the rest.

const ARABIC_PREFIXES = ["وال", "بال", "فال", "كال", "لل", "ال"];
const ARABIC_WORD = /^[\u0600-\u06FF]+$/;
const LATIN_WORD = /^[a-z]+$/;

/** The stem of one word in normal form (see text.ts); the word itself when it has none. */
export function stem(word: string): string {
  if (ARABIC_WORD.test(word)) {
    for (const prefix of ARABIC_PREFIXES) {
      // Two letters must remain: "الف" is not "ف".
      if (word.startsWith(prefix) && word.length - prefix.length >= 2) return word.slice(prefix.length);
    }
    return word;
  }
  if (!LATIN_WORD.test(word) || word.length <= 3) return word;
  if (word.endsWith("ies") && word.length > 4) return `${word.slice(0, -3)}y`;
  if (word.endsWith("oes")) return word.slice(0, -2);
  // "hummus", "swiss", "couscous": words that end in s without being plurals.
  if (word.endsWith("ss") || word.endsWith("us") || word.endsWith("is")) return word;
  if (word.endsWith("s")) return word.slice(0, -1);
  return word;
}
