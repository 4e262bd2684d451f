/** Node's flags for servers a test starts (before the script path); see serverNodeFlags.mjs. */
export const serverNodeFlags: readonly string[];
