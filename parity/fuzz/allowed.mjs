// The differences the fuzzer allows, each with its reason: the fuzzer's rows of
// test/parity/allowed-differences.md (its "Fuzzing" table), as predicates on a case and the two
// answers. A difference that is neither fixed nor here fails the run.

/** The text with each HTTP answer's event lines in sorted order (their slots kept). */
function eventsSorted(text) {
  return text
    .split(/\n(?=>>> )/)
    .map((step) => {
      const lines = step.split("\n");
      const events = lines.filter((l) => l.startsWith("data: ")).sort();
      let k = 0;
      return lines.map((l) => (l.startsWith("data: ") ? events[k++] : l)).join("\n");
    })
    .join("\n");
}

const isBatch = (step) => typeof step.body === "string" && step.body.trimStart().startsWith("[");

/** The ids that two or more requests of one batch share. */
function sharedIds(step) {
  try {
    const batch = JSON.parse(step.body);
    const ids = batch.filter((m) => m && typeof m === "object" && "id" in m && typeof m.method === "string").map((m) => JSON.stringify(m.id));
    return new Set(ids.filter((id, i) => ids.indexOf(id) !== i));
  } catch {
    return new Set();
  }
}

/** The text without the answers to ids in `ids` (by their `"id":` text). */
function withoutAnswersTo(text, ids) {
  return text
    .split("\n")
    .filter((l) => !(l.startsWith("data: ") && [...ids].some((id) => l.startsWith(`data: {"jsonrpc":"2.0","id":${id},`))))
    .join("\n")
    .replace(/event: message\n(?!data: )/g, "");
}

const rules = [
  {
    // A batch whose requests share an id: the go-sdk's POST stream keys the requests it waits
    // for by id, so it ends after the first answer to that id, and which call answers first is
    // timing (they run concurrently). The local build answers each request. Allowed when the
    // answers to every other id are the same.
    name: "batch-duplicate-id",
    applies: (kase, twinText, localText) => {
      if (kase.transport !== "http") return false;
      const ids = new Set(kase.steps.filter(isBatch).flatMap((s) => [...sharedIds(s)]));
      return ids.size > 0 && eventsSorted(withoutAnswersTo(twinText, ids)) === eventsSorted(withoutAnswersTo(localText, ids));
    },
  },
  {
    // A batch with a call that makes the go-sdk panic (go-panic below): production's process
    // exits mid-batch, and which of the batch's other answers were written before is timing.
    // The local build ends the connection with none written, as for the call alone.
    name: "go-panic-in-batch",
    applies: (kase, twinText, localText) =>
      kase.transport === "http" && kase.steps.some((s) => isBatch(s) && /"arguments":null/.test(s.body)) && localText.includes("<connection error"),
  },
  {
    // The go-sdk runs a batch's calls concurrently and writes each answer as it is done; the
    // local build writes them in the batch's order. Which finishes first is timing, and the
    // twin's tool calls (each forwarded over HTTP to a local build) are slower than production's
    // handlers, so its order is not production's either. Allowed when the answers are the same
    // but for their order within one POST's stream.
    name: "batch-order",
    applies: (kase, twinText, localText) => kase.transport === "http" && kase.steps.some(isBatch) && eventsSorted(twinText) === eventsSorted(localText),
  },
  {
    // `"arguments": null` for a tool whose input schema has a property default: go-sdk panics
    // and production's process exits. Neither side here can exit: the twin survives the panic
    // (surviveHandlerPanics) and says so in its answer; the local build plays the exit where it
    // can (HTTP: the connection ends, as the twin's endOnPanic ends it, and the corpus holds
    // that byte for byte) and elsewhere answers with its own explanation (stdio) or ends the
    // session (SSE). What follows a process's exit is not a wire answer to compare.
    name: "go-panic",
    applies: (kase, twinText) => kase.transport !== "http" && twinText.includes("TWIN: the go-sdk panicked here"),
  },
];

/** The reason a difference is allowed, or undefined. `profile`: { sdk, stateless }. */
export function allowedDifference(kase, twinText, localText, profile) {
  for (const rule of rules) if (rule.applies(kase, twinText, localText, profile)) return rule.name;
  return undefined;
}
