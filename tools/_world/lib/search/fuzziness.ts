/**
 * How many letters a query word may have wrong (MiniSearch's `fuzzy`): none for three letters or
 * fewer, so "ice" never finds "rice" nor "tea" "pea"; one for four or five ("mlik" is two away
 * and is not found, "milc" is); two from six ("yoghrut", "shawrma", "diapres").
 */
export function fuzziness(term: string): number {
  if (term.length <= 3) return 0;
  if (term.length <= 5) return 1;
  return 2;
}
