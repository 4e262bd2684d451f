// Where JSON text first goes wrong, as a character offset. V8 names a position for some errors
// ("... in JSON at position 11") and for others only quotes the text around the bad token, so
// the place is found by scanning the text the way the JSON grammar reads it. Only called after
// JSON.parse failed; iterative, so a block nested 100,000 deep is scanned like a flat one.

const isWs = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
const isDigit = (c: number) => c >= 0x30 && c <= 0x39;
const isHex = (c: number) => isDigit(c) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);

/** Offset of the first character that breaks the grammar (text.length: it ended too soon); -1 if none. */
export function jsonErrorAt(text: string, opts: { barePlaceholders?: boolean } = {}): number {
  const n = text.length;
  let i = 0;
  const stack: number[] = []; // 0x7b '{' or 0x5b '['
  const skipWs = () => {
    while (i < n && isWs(text.charCodeAt(i))) i++;
  };

  /** Reads a string starting at its quote; returns -1 when fine, else the offset of the error. */
  const string = (): number => {
    i++;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 0x22) {
        i++;
        return -1;
      }
      if (c < 0x20) return i;
      if (c === 0x5c) {
        const e = text.charCodeAt(i + 1);
        if (e === 0x75) {
          for (let k = 2; k < 6; k++) if (!isHex(text.charCodeAt(i + k))) return Math.min(i + k, n);
          i += 6;
          continue;
        }
        if (!'"\\/bfnrt'.includes(text[i + 1] ?? "")) return Math.min(i + 1, n);
        i += 2;
        continue;
      }
      i++;
    }
    return n;
  };

  const number = (): number => {
    if (text.charCodeAt(i) === 0x2d) i++;
    if (text.charCodeAt(i) === 0x30) i++;
    else if (isDigit(text.charCodeAt(i))) while (isDigit(text.charCodeAt(i))) i++;
    else return i;
    if (text.charCodeAt(i) === 0x2e) {
      i++;
      if (!isDigit(text.charCodeAt(i))) return i;
      while (isDigit(text.charCodeAt(i))) i++;
    }
    if (text.charCodeAt(i) === 0x65 || text.charCodeAt(i) === 0x45) {
      i++;
      if (text.charCodeAt(i) === 0x2b || text.charCodeAt(i) === 0x2d) i++;
      if (!isDigit(text.charCodeAt(i))) return i;
      while (isDigit(text.charCodeAt(i))) i++;
    }
    return -1;
  };

  let state: "value" | "key" | "after" = "value";
  for (;;) {
    skipWs();
    if (state === "value") {
      if (i >= n) return n;
      const c = text.charCodeAt(i);
      // A template's bare {{...}} stands where a value goes (template.ts): read it as one.
      if (opts.barePlaceholders && c === 0x7b && text.charCodeAt(i + 1) === 0x7b) {
        const end = text.indexOf("}}", i + 2);
        if (end < 0) return i;
        i = end + 2;
        state = "after";
        continue;
      }
      if (c === 0x7b || c === 0x5b) {
        i++;
        skipWs();
        if (text.charCodeAt(i) === (c === 0x7b ? 0x7d : 0x5d)) {
          i++;
          state = "after";
        } else {
          stack.push(c);
          state = c === 0x7b ? "key" : "value";
        }
        continue;
      }
      let bad: number;
      if (c === 0x22) bad = string();
      else if (c === 0x2d || isDigit(c)) bad = number();
      else {
        const word = ["true", "false", "null"].find((w) => w.charCodeAt(0) === c);
        if (!word) return i;
        bad = -1;
        for (let k = 0; k < word.length; k++, i++) {
          if (text.charCodeAt(i) !== word.charCodeAt(k)) {
            bad = Math.min(i, n);
            break;
          }
        }
      }
      if (bad >= 0) return bad;
      state = "after";
    } else if (state === "key") {
      if (text.charCodeAt(i) !== 0x22) return Math.min(i, n);
      const bad = string();
      if (bad >= 0) return bad;
      skipWs();
      if (text.charCodeAt(i) !== 0x3a) return Math.min(i, n);
      i++;
      state = "value";
    } else {
      const top = stack[stack.length - 1];
      if (top === undefined) return i < n ? i : -1;
      const c = text.charCodeAt(i);
      if (c === 0x2c) {
        i++;
        state = top === 0x7b ? "key" : "value";
      } else if (c === (top === 0x7b ? 0x7d : 0x5d)) {
        i++;
        stack.pop();
      } else return Math.min(i, n);
    }
  }
}
