/** The Go twin's binary, built once per source state and cached under parity/.cache. */
export function buildTwin(sdk?: string): string;
/** The go-sdk release parity/twin/go.mod pins (the base profile). */
export function pinnedSdk(): string;
/** The pinned release first, then every release with a module under parity/twin/versions/. */
export function servedSdks(): string[];
export const versionsDir: string;
