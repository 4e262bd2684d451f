/**
 * How many letters a query word may have wrong (MiniSearch's `fuzzy`): none for three letters or
 * fewer, so "ice" never finds "rice" nor "tea" "pea"; one up to six ("milc", "shampo",
 * "yoghrt"), where two would let "burger" find "butter"; two from seven ("shawrma" is one away,
 * "diapres" two).
 */
export function fuzziness(term: string): number {
  if (term.length <= 3) return 0;
  if (term.length <= 6) return 1;
  return 2;
}
