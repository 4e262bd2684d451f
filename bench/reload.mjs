// Hot reload at catalog size: edit a tool file twice within the same second (the second edit
// keeps the size), then restore it; every call right after an edit must see it (SPEC-NOTES 10).
import fs from "node:fs";
import { rpc } from "./session.mjs";

function probeScenario(argKey, n) {
  return [
    "## Scenario: bench-reload-probe",
    "",
    "```json match",
    JSON.stringify({ [argKey]: "=bench_reload_probe" }),
    "```",
    "",
    // A json error: its text is the probe's, whatever the tool's outputSchema asks of a response.
    "```json error",
    JSON.stringify(`bench reload probe ${n}`),
    "```",
    "",
    "",
  ].join("\n");
}

export async function checkHotReload({ url, sessionId, file, tool, argKey }) {
  const original = fs.readFileSync(file, "utf8");
  const at = original.indexOf("## Scenario:");
  if (at < 0) throw new Error(`${file} has no scenario to insert the probe before`);
  const args = { [argKey]: "bench_reload_probe" };
  const seen = async () => {
    const { message } = await rpc(url, sessionId, "tools/call", { name: tool, arguments: args });
    const result = message.result;
    return result?.isError ? (result.content?.[0]?.text ?? null) : null;
  };
  const steps = [];
  const expect = async (label, want) => {
    const t0 = performance.now();
    const got = await seen();
    steps.push({ label, want, got, ok: got === want, callMs: Math.round(performance.now() - t0) });
  };
  try {
    await expect("before the edit", null);
    fs.writeFileSync(file, original.slice(0, at) + probeScenario(argKey, 1) + original.slice(at));
    await expect("right after adding a scenario", "bench reload probe 1");
    fs.writeFileSync(file, original.slice(0, at) + probeScenario(argKey, 2) + original.slice(at));
    await expect("right after a same-size edit", "bench reload probe 2");
  } finally {
    fs.writeFileSync(file, original);
  }
  await expect("right after restoring the file", null);
  return { ok: steps.every((s) => s.ok), steps };
}
