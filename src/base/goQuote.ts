// Go's strconv.Quote (fmt's %q of a string), which production's error texts use wherever they
// quote a value: printable characters as they are, the C escapes for \a \b \f \n \r \t \v, other
// control bytes as \xNN, and any other character Go does not count as printable (format
// characters like a byte-order mark, spaces other than ' ', unassigned code points) as \uNNNN or
// \UNNNNNNNN. JSON.stringify differs on all but the first two (measured: a BOM in a ping's params).

const PRINTABLE = /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]$/u;
const C_ESCAPES: Record<string, string> = { "\x07": "\\a", "\b": "\\b", "\f": "\\f", "\n": "\\n", "\r": "\\r", "\t": "\\t", "\v": "\\v", '"': '\\"', "\\": "\\\\" };

export function goQuote(text: string): string {
  let out = '"';
  for (const ch of text) {
    const escape = C_ESCAPES[ch];
    if (escape !== undefined) out += escape;
    else if (/^[\udc80-\udcff]$/.test(ch)) out += `\\x${(ch.charCodeAt(0) - 0xdc00).toString(16)}`; // a cut character's byte (decoderPrefix.ts)
    else if (PRINTABLE.test(ch)) out += ch;
    else {
      const code = ch.codePointAt(0) as number;
      if (code < 0x80) out += `\\x${code.toString(16).padStart(2, "0")}`;
      else if (code < 0x10000) out += `\\u${code.toString(16).padStart(4, "0")}`;
      else out += `\\U${code.toString(16).padStart(8, "0")}`;
    }
  }
  return `${out}"`;
}
