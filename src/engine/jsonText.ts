// JSON parsing that reports where it broke, so a tool-file error can say file:line.

export class JsonTextError extends Error {
  constructor(
    message: string,
    /** 0-based line within the parsed text. */
    readonly lineOffset: number,
  ) {
    super(message);
  }
}

/** Line (0-based) of a character offset in text. */
export function lineOf(text: string, index: number): number {
  let line = 0;
  for (let i = 0; i < index && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const position = /position (\d+)/.exec(message);
    const offset = position ? lineOf(text, Number(position[1])) : 0;
    const reason = message.replace(/ in JSON at position \d+.*$/, "").replace(/^JSON\.parse: /, "");
    throw new JsonTextError(`invalid JSON: ${reason}`, offset);
  }
}
