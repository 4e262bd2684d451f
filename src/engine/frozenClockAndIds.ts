// A stopped clock and constant "randomness", for recording and replaying the parity corpus against
// the go-sdk twin (parity/): the Go twin's answers come from a local build child, and both must
// render the same bytes whatever the wall clock says and in whatever order the calls arrive.
// Constant rather than seeded, because the twin's child and the replayed server see different call
// sequences.
import type { Clock, RandomSource } from "../base/types.js";

export interface FrozenClockAndIds {
  clock: Clock;
  random: RandomSource;
}

/** `at`: an ISO instant such as `2026-10-05T12:00:00Z`; throws with a hint on anything else. */
export function frozenClockAndIds(at: string): FrozenClockAndIds {
  const ms = Date.parse(at);
  if (!/^\d{4}-\d\d-\d\dT/.test(at) || Number.isNaN(ms)) {
    throw new Error(`CAREEM_MCP_FREEZE must be an ISO instant such as 2026-10-05T12:00:00Z, got "${at}"`);
  }
  return {
    clock: () => ms,
    random: {
      // The middle of the range: a value every scenario accepts, the same on every call.
      int: (min, max) => min + Math.floor((max - min) / 2),
      uuid: () => "00000000-0000-4000-8000-000000000000",
    },
  };
}
