// How Go's JSON decoder (segmentio/encoding, under the go-sdk) quotes the input in an error: the
// text from where it stopped, at most 32 bytes, then "...". The engine quotes arguments with it
// and the wire a body, so both cut where production cuts. A cut inside a character leaves its
// first bytes, which Go's %q writes as \xNN: they are kept here as U+DC80 + byte (lone low
// surrogates, which no decoded text holds), and goQuote writes them so.

export function decoderPrefix(text: string): string {
  const rest = Buffer.from(text, "utf8");
  if (rest.length < 32) return text;
  let end = 32;
  // Back to the start of the character the cut falls in (continuation bytes are 10xxxxxx).
  while (end > 0 && ((rest[end] as number) & 0xc0) === 0x80) end--;
  const whole = rest.subarray(0, end).toString("utf8");
  const partial = [...rest.subarray(end, 32)].map((b) => String.fromCharCode(0xdc00 + b)).join("");
  return `${whole}${partial}...`;
}

/** The prefix as Go writes it outside quotes, through the JSON encoder: a cut character's bytes as one U+FFFD. */
export function unquotedPrefix(prefix: string): string {
  return prefix.replace(/[\udc80-\udcff]+/g, "\ufffd");
}
