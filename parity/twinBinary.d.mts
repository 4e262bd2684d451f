/** The Go twin's binary, built once per source state and cached under parity/.cache. */
export function buildTwin(sdk?: string): string;
