// Out-of-band forcing in precedence order: the session's own, then the overrides file every
// session reads. (Per-call forcing comes from the request itself and is the engine's.)
import type { CallContext, ForcedChoice, Forcing } from "../base/types.js";

export function layeredForcing(...layers: Forcing[]): Forcing {
  return {
    choose(tool: string, scenarios: readonly string[], call: CallContext, use: boolean) {
      const warnings: string[] = [];
      for (const layer of layers) {
        const { forced, warnings: more } = layer.choose(tool, scenarios, call, use);
        warnings.push(...more);
        if (forced) return { forced, warnings } as { forced?: ForcedChoice; warnings: string[] };
      }
      return { warnings };
    },
  };
}
