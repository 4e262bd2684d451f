// Per-session forcing: tool -> scenario for one MCP session only, optionally for a count of calls,
// so tests running in parallel against one server each force their own answers. Kept in memory by
// the HTTP host; freed when the session ends (forget).
import type { CallContext, ForcedChoice, Forcing } from "../base/types.js";

export interface SessionOverride {
  scenario: string;
  /** Calls left; absent: until cleared or the session ends. */
  times?: number;
}

export class SessionForcing implements Forcing {
  private readonly bySession = new Map<string, Map<string, SessionOverride>>();

  set(sessionId: string, tool: string, override: SessionOverride): void {
    let tools = this.bySession.get(sessionId);
    if (!tools) this.bySession.set(sessionId, (tools = new Map()));
    tools.set(tool, { ...override });
  }

  /** The removed forcing, if there was one. */
  clear(sessionId: string, tool: string): SessionOverride | undefined {
    const tools = this.bySession.get(sessionId);
    const removed = tools?.get(tool);
    tools?.delete(tool);
    if (tools && tools.size === 0) this.bySession.delete(sessionId);
    return removed;
  }

  /** A session ended: nothing of it is kept. */
  forget(sessionId: string): void {
    this.bySession.delete(sessionId);
  }

  /** tool -> forcing of one session, sorted by tool. */
  of(sessionId: string): Record<string, SessionOverride> {
    const tools = this.bySession.get(sessionId);
    if (!tools) return {};
    return Object.fromEntries([...tools.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([t, o]) => [t, { ...o }]));
  }

  /** How many sessions hold a forcing (for tests of forgetting). */
  get sessions(): number {
    return this.bySession.size;
  }

  choose(tool: string, scenarios: readonly string[], call: CallContext, use: boolean): { forced?: ForcedChoice; warnings: string[] } {
    if (call.sessionId === undefined) return { warnings: [] };
    const entry = this.bySession.get(call.sessionId)?.get(tool);
    if (!entry) return { warnings: [] };
    if (!scenarios.includes(entry.scenario)) {
      return { warnings: [`scenario "${entry.scenario}" forced for session ${call.sessionId} no longer exists in the tool file of ${tool}; ignoring it`] };
    }
    const forced: ForcedChoice = { scenario: entry.scenario, layer: "session" };
    if (entry.times !== undefined) {
      forced.left = entry.times - 1;
      if (use) {
        if (entry.times > 1) entry.times--;
        else this.clear(call.sessionId, tool);
      }
    }
    return { forced, warnings: [] };
  }
}
