/** Absolute paths of the files scripts/world/travelData.mjs writes. */
export const airportsFile: string;
export const airlinesFile: string;
/** The airports file's text, as the script writes it. */
export function airportsJson(): Promise<string>;
/** The airlines file's text, as the script writes it. */
export function airlinesJson(): string;
