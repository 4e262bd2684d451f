// What answers a call besides its tool file: the world's entities (as `$world` reads them) and
// an expression box that evaluates a `json when` or `{{= }}` through the server's own evaluator
// (POST /_local/evaluate) against a call's arguments and the state its session's next call reads.
import { api } from "./api.js";
import { el, foldedJson } from "./render.js";

/** The world, drawn the first time its disclosure opens (it can be large) and on Refresh. */
export function worldPanel(root) {
  const body = el("div", { class: "world-body" });
  const draw = async () => {
    body.replaceChildren(el("p", { class: "hint" }, "Loading…"));
    try {
      const { data, problems } = await api.world();
      const keys = Object.keys(data);
      body.replaceChildren(
        ...problems.map((p) => el("p", { role: "alert", class: "alert" }, p)),
        keys.length ? el("div", { class: "world-keys" }, keys.map((k) => foldedJson(`$world.${k}`, data[k], false))) : el("p", { class: "hint" }, "No world: the catalog has no tools/_world/ files."),
      );
    } catch (err) {
      body.replaceChildren(el("p", { role: "alert", class: "alert" }, `Could not read the world: ${err.message}`));
    }
  };
  let drawn = false;
  const details = el("details", { class: "world" }, el("summary", {}, "The world's entities ($world)"), el("button", { type: "button", class: "quiet", onclick: draw }, "Refresh the world"), body);
  details.addEventListener("toggle", () => {
    if (details.open && !drawn) (drawn = true), void draw();
  });
  root.replaceChildren(details);
}

/** `selected()`: the call the box evaluates against, or null (no arguments, the default user's state). */
export function expressionBox(root, selected) {
  const input = el("textarea", { id: "expression", rows: 3, spellcheck: "false", placeholder: '$count($keys($state))   or   "$lookup($state.notes, $args.noteId) != null"   or   {{= $args.rideId }}' });
  const against = el("p", { class: "hint", id: "expression-against" });
  const out = el("div", { class: "expression-out", "aria-live": "polite" });
  const describe = () => {
    const call = selected();
    against.textContent = call ? `Against call ${call.id} (${call.tool}): its arguments as $args, and the state session ${call.session ?? "–"}'s next call reads as $state.` : "Against no call: $args is {}, $state is the default user's. Select a call in Live calls to use its arguments.";
  };
  const form = el(
    "form",
    { "aria-label": "Evaluate an expression" },
    el("label", { for: "expression" }, "Expression: a json when condition or a {{= }} placeholder"),
    input,
    against,
    el("button", { type: "submit" }, "Evaluate"),
    out,
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    describe();
    const call = selected();
    try {
      const r = await api.evaluate({ expression: input.value, arguments: call?.arguments ?? {}, session: call?.session ?? undefined });
      const state = `$state: ${r.stateKey}${r.stateStarted ? "" : " (not started: the persona's initial world)"}`;
      out.replaceChildren(el("p", { class: "hint" }, `${r.source} · ${state}`), r.nothing ? el("p", { "aria-label": "Value" }, "nothing (JSONata's no match: a response leaves the key out, a when is false)") : el("pre", { "aria-label": "Value", tabindex: 0 }, JSON.stringify(r.value, null, 2)));
    } catch (err) {
      out.replaceChildren(el("p", { role: "alert", class: "alert" }, err.message));
    }
  });
  describe();
  root.replaceChildren(form);
  return { describe };
}
