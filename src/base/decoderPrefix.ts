// How Go's JSON decoder (segmentio/encoding, under the go-sdk) quotes the input in an error: the
// text from where it stopped, at most 32 bytes, then "...". The engine quotes arguments with it
// and the wire a body, so both cut where production cuts.

export function decoderPrefix(text: string): string {
  const rest = Buffer.from(text, "utf8");
  return rest.length < 32 ? text : `${rest.subarray(0, 32).toString("utf8")}...`;
}
