// One call against shared state: pull the context's document, answer synchronously as the
// engine always does, push what changed; run again when another replica wrote first. The
// answer of a lost race was never sent, so running it again is invisible to the client.
import type { SharedStateStore } from "./sharedState.js";

/** Races lost in a row before the call gives up (each loss means another replica made progress). */
export const MAX_ATTEMPTS = 16;

/** A short random pause before running again, so two replicas that collided do not collide again in step. */
function backoff(attempt: number, random: () => number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.floor(random() * Math.min(50, 2 * attempt))));
}

export class StateContentionError extends Error {}

/** `random`: for the pause between attempts only (timing, never an answer). */
export function callShared<T>(store: SharedStateStore, key: string, answer: () => T, random: () => number = Math.random): Promise<T> {
  return store.exclusive(key, async () => {
    try {
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
        if (attempt > 1) await backoff(attempt, random);
        await store.pull(key);
        const outcome = answer();
        if (await store.push(key)) return outcome;
      }
      throw new StateContentionError(`state of ${key.replace(":", " ")} changed under ${MAX_ATTEMPTS} attempts in a row on other replicas; try the call again`);
    } finally {
      store.forget(key);
    }
  });
}
