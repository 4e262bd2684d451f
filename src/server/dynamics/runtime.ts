// The process-wide dynamics runtime: --delay-scale, the real timer and randomness.
import type { Config } from "../../config.js";
import { systemRandom } from "../../engine/engine.js";
import type { DynamicsRuntime } from "./dynamicCall.js";
import { systemTimer } from "./timer.js";

export function dynamicsRuntime(config: Pick<Config, "delayScale">): DynamicsRuntime {
  return { scale: config.delayScale, timer: systemTimer, random: systemRandom };
}
