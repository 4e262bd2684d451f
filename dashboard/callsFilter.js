// The filter over Live calls: by tool, scenario, session and any text of the call (arguments,
// output, why). Applied to the rows already drawn and to each new one, so a filtered list stays
// filtered as calls arrive.

/** Case-insensitive "contains"; an empty wanted value matches everything. */
const has = (value, wanted) => wanted === "" || String(value ?? "").toLowerCase().includes(wanted.toLowerCase());

export function callMatches(call, filter) {
  if (filter.tool !== "" && call.tool !== filter.tool) return false;
  if (!has(call.scenario, filter.scenario)) return false;
  if (!has(call.session, filter.session)) return false;
  if (filter.text === "") return true;
  return has(JSON.stringify([call.arguments, call.structuredContent, call.why, call.warnings]), filter.text);
}

/** Reads the filter form's controls. */
export function readFilter(form) {
  const value = (name) => form.elements[name]?.value.trim() ?? "";
  return { tool: value("tool"), scenario: value("scenario"), session: value("session"), text: value("text") };
}

/** Keeps the tool list of the filter's select in step with the catalog, keeping the choice. */
export function fillToolChoices(select, names) {
  const chosen = select.value;
  select.replaceChildren(new Option("any tool", ""), ...names.map((n) => new Option(n, n)));
  select.value = names.includes(chosen) ? chosen : "";
}
