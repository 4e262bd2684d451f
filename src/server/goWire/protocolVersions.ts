// Protocol versions this server speaks, as go-sdk v1.6.1 lists them. The TypeScript SDK's own list also
// carries 2024-10-07. For a version outside the set the go-sdk answers its latest version,
// 2025-11-25 (measured by the parity twin, not 2025-06-18 as first assumed).

export const supportedVersions: readonly string[] = ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"];

/** What `initialize` answers when the client asks for a version outside the set. */
export const fallbackVersion = "2025-11-25";

export function negotiateVersion(requested: unknown): string {
  return typeof requested === "string" && supportedVersions.includes(requested) ? requested : fallbackVersion;
}

/** The 2026-07-28 era's versions (go-sdk v1.7.0 on): sessionless, per-request `_meta` (SEP-2575). */
export const eraVersions: readonly string[] = ["2026-07-28"];

/** Every version a v1.7.0+ server speaks, newest first, as server/discover and -32022 list them. */
export const allVersions: readonly string[] = [...eraVersions, ...supportedVersions];

/** A version of the 2026-07-28 era or later, as go-sdk compares them (as strings). */
export function eraVersion(version: string): boolean {
  return version >= "2026-07-28";
}
