// Protocol versions this server speaks (SPEC-NOTES 1). The SDK's own list also carries
// 2024-10-07 and falls back to its latest version; production answers 2025-06-18 instead.

export const supportedVersions: readonly string[] = ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"];

/** What `initialize` answers when the client asks for a version outside the set. */
export const fallbackVersion = "2025-06-18";

export function negotiateVersion(requested: unknown): string {
  return typeof requested === "string" && supportedVersions.includes(requested) ? requested : fallbackVersion;
}
