// Protocol versions this server speaks, as go-sdk v1.6.1 lists them. The TypeScript SDK's own list also
// carries 2024-10-07. For a version outside the set the go-sdk answers its latest version,
// 2025-11-25 (measured by the parity twin, not 2025-06-18 as first assumed).

export const supportedVersions: readonly string[] = ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"];

/** What `initialize` answers when the client asks for a version outside the set. */
export const fallbackVersion = "2025-11-25";

export function negotiateVersion(requested: unknown): string {
  return typeof requested === "string" && supportedVersions.includes(requested) ? requested : fallbackVersion;
}
