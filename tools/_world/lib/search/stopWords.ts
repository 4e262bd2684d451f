// Words that say nothing about which product or restaurant is meant ("a bottle of milk", "pizza
// and wings", "حليب من المراعي"). Dropped from documents and queries alike: with every word of a
// query required, "of" would otherwise have to appear in the product's name.
export const STOP_WORDS: ReadonlySet<string> = new Set([
  "a", "an", "the", "of", "and", "with", "for", "in", "on", "to", "or", "some", "please", "me",
  "من", "في", "مع", "و", "على", "او",
]);
