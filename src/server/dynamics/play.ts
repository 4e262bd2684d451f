// Plays a plan out: each notification at its moment, then resolves when the answer is due.
// A cancel (or the session ending: the SDK aborts the same signal) clears every timer at once,
// so a stopped call holds nothing.
import type { Plan, PlannedNotification } from "./plan.js";
import type { Timer } from "./timer.js";

export interface PlayOptions {
  timer: Timer;
  signal: AbortSignal;
  notify(notification: PlannedNotification): Promise<void>;
  onNotifyError?(err: unknown): void;
}

/** true when the delay ran out; false when the call was stopped first. */
export function play(plan: Plan, opts: PlayOptions): Promise<boolean> {
  if (opts.signal.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const handles: unknown[] = [];
    let settled = false;
    const finish = (done: boolean) => {
      if (settled) return;
      settled = true;
      for (const h of handles) opts.timer.clear(h);
      handles.length = 0;
      opts.signal.removeEventListener("abort", onAbort);
      resolve(done);
    };
    const onAbort = () => finish(false);
    opts.signal.addEventListener("abort", onAbort, { once: true });
    // Notifications go out in plan order even when several fall on the same moment.
    let chain = Promise.resolve();
    for (const event of plan.events) {
      handles.push(
        opts.timer.set(() => {
          chain = chain.then(() => opts.notify(event.notification)).catch((err: unknown) => opts.onNotifyError?.(err));
        }, event.atMs),
      );
    }
    // The answer waits for the last notification to be handed over, so it never overtakes one.
    handles.push(opts.timer.set(() => void chain.then(() => finish(true)), plan.delayMs));
  });
}
