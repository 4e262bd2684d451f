// A form built from a tool's inputSchema, to call the tool from the page: one control per
// property (text, number, checkbox, a select for an enum), a fieldset per nested object, a list
// with Add and Remove per array, and a JSON box for what the form cannot draw (oneOf, anyOf).
// Each control checks its own rules as you type (required, type, enum, minimum/maximum,
// minLength/maxLength, pattern, minItems/maxItems); the server validates the call as it always
// does, so a call the form lets through can still be refused, visibly, in Live calls.
import { el } from "./render.js";

let nextId = 1;
const uid = (prefix) => `${prefix}-${nextId++}`;

/** `#/$defs/x` inside the tool's own schema; anything else is drawn as JSON. */
function resolve(schema, root) {
  let s = schema ?? {};
  for (let depth = 0; depth < 8 && typeof s.$ref === "string" && s.$ref.startsWith("#/"); depth++) {
    let target = root;
    for (const part of s.$ref.slice(2).split("/")) target = target?.[part];
    if (!target) break;
    s = { ...target, ...Object.fromEntries(Object.entries(s).filter(([k]) => k !== "$ref")) };
  }
  return s;
}

/** The one type a control is drawn for: `["string", "null"]` is an optional string. */
function typeOf(schema) {
  if (Array.isArray(schema.type)) return schema.type.find((t) => t !== "null") ?? "null";
  if (schema.type) return schema.type;
  if (schema.enum) return typeof schema.enum[0] === "number" ? "number" : "string";
  if (schema.properties) return "object";
  return undefined;
}

/** The rules of one value, in words a person reads beside the control. */
function problemsOf(schema, value, required) {
  if (value === undefined) return required ? ["required"] : [];
  const type = typeOf(schema);
  const out = [];
  if (schema.enum && !schema.enum.includes(value)) out.push(`one of ${schema.enum.map((v) => JSON.stringify(v)).join(", ")}`);
  if (type === "string" && typeof value === "string") {
    if (schema.minLength !== undefined && value.length < schema.minLength) out.push(`at least ${schema.minLength} character${schema.minLength === 1 ? "" : "s"}`);
    if (schema.maxLength !== undefined && value.length > schema.maxLength) out.push(`at most ${schema.maxLength} characters`);
    if (schema.pattern) {
      try {
        if (!new RegExp(schema.pattern, "u").test(value)) out.push(`must match ${schema.pattern}`);
      } catch {
        /* a pattern the browser cannot compile: the server judges it */
      }
    }
  }
  if (type === "number" || type === "integer") {
    if (typeof value !== "number" || Number.isNaN(value)) return ["a number"];
    if (type === "integer" && !Number.isInteger(value)) out.push("a whole number");
    if (schema.minimum !== undefined && value < schema.minimum) out.push(`at least ${schema.minimum}`);
    if (schema.maximum !== undefined && value > schema.maximum) out.push(`at most ${schema.maximum}`);
  }
  if (type === "array" && Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems) out.push(`at least ${schema.minItems} item${schema.minItems === 1 ? "" : "s"}`);
    if (schema.maxItems !== undefined && value.length > schema.maxItems) out.push(`at most ${schema.maxItems} items`);
  }
  return out;
}

/**
 * One field: `node` to put in the page, `value()` the JSON value (undefined when left empty),
 * `check()` draws and returns its problems and its children's.
 */
function field(name, schema0, root, required, path) {
  const schema = resolve(schema0, root);
  const type = typeOf(schema);
  const label = `${path}${required ? " (required)" : ""}`;
  const id = uid("field");
  const message = el("span", { class: "field-error", id: `${id}-error`, "aria-live": "polite" });
  const help = schema.description ? el("span", { class: "field-help" }, schema.description) : null;
  const show = (problems) => {
    message.textContent = problems.length ? `${path}: ${problems.join("; ")}` : "";
    return problems;
  };

  if (type === "object" && schema.properties) {
    const needed = new Set(schema.required ?? []);
    const children = Object.entries(schema.properties).map(([key, s]) => field(key, s, root, needed.has(key), `${path}.${key}`));
    const node = el("fieldset", { class: "object-field" }, el("legend", {}, label), help, ...children.map((c) => c.node), message);
    const value = () => {
      const out = {};
      for (const [i, key] of Object.keys(schema.properties).entries()) {
        const v = children[i].value();
        if (v !== undefined) out[key] = v;
      }
      return Object.keys(out).length === 0 && !required ? undefined : out;
    };
    // An optional object left empty is left out; once one of its fields is filled, its own required ones count.
    const check = () => (value() === undefined ? (children.forEach((c) => c.clear()), []) : children.flatMap((c) => c.check()));
    return { node, value, check, clear: () => children.forEach((c) => c.clear()) };
  }

  if (type === "array" && schema.items && typeOf(resolve(schema.items, root)) !== undefined) {
    const items = [];
    const list = el("ol", { class: "array-items", "aria-label": `Items of ${path}` });
    const add = (focus) => {
      const item = field("item", schema.items, root, true, `${path}[${items.length}]`);
      const remove = el("button", { type: "button", class: "quiet", "aria-label": `Remove ${path}[${items.length}]`, onclick: () => {
        items.splice(items.indexOf(item), 1);
        row.remove();
        check();
      } }, "Remove");
      const row = el("li", {}, item.node, remove);
      items.push(item);
      list.append(row);
      if (focus) row.querySelector("input, select, textarea")?.focus();
    };
    for (let i = 0; i < (schema.minItems ?? 0); i++) add(false);
    const node = el("fieldset", { class: "array-field" }, el("legend", {}, label), help, list, el("button", { type: "button", class: "quiet", "aria-label": `Add an item to ${path}`, onclick: () => (add(true), check()) }, "Add item"), message);
    const value = () => (items.length === 0 && !required ? undefined : items.map((i) => i.value()));
    const check = () => [...show(problemsOf(schema, value(), required)), ...items.flatMap((i) => i.check())];
    return { node, value, check, clear: () => show([]) };
  }

  let control;
  let read;
  if (schema.enum) {
    control = el("select", { id }, el("option", { value: "" }, required ? "– choose –" : "– none –"), schema.enum.map((v, i) => el("option", { value: String(i) }, JSON.stringify(v))));
    if (schema.default !== undefined && schema.enum.includes(schema.default)) control.value = String(schema.enum.indexOf(schema.default));
    read = () => (control.value === "" ? undefined : schema.enum[Number(control.value)]);
  } else if (type === "boolean") {
    // Three states, so an optional boolean can be left out.
    control = el("select", { id }, el("option", { value: "" }, "– none –"), el("option", { value: "true" }, "true"), el("option", { value: "false" }, "false"));
    read = () => (control.value === "" ? undefined : control.value === "true");
  } else if (type === "number" || type === "integer") {
    control = el("input", { id, type: "text", inputmode: "decimal", placeholder: schema.default !== undefined ? `default ${schema.default}` : type });
    read = () => (control.value.trim() === "" ? undefined : Number(control.value));
  } else if (type === "string") {
    control = el("input", { id, type: "text", placeholder: schema.format ?? (schema.default !== undefined ? `default ${schema.default}` : "") });
    read = () => (control.value === "" ? undefined : control.value);
  } else {
    // oneOf, anyOf, untyped: JSON typed by hand.
    control = el("textarea", { id, rows: 3, placeholder: "JSON" });
    read = () => {
      if (control.value.trim() === "") return undefined;
      try {
        return JSON.parse(control.value);
      } catch {
        return Symbol.for("invalid-json");
      }
    };
  }
  control.setAttribute("aria-describedby", message.id);
  if (required) control.setAttribute("aria-required", "true");
  const check = () => {
    const v = read();
    const problems = v === Symbol.for("invalid-json") ? ["not JSON"] : problemsOf(schema, v, required);
    control.setAttribute("aria-invalid", problems.length ? "true" : "false");
    return show(problems);
  };
  control.addEventListener("input", check);
  control.addEventListener("change", check);
  const node = el("div", { class: "field" }, el("label", { for: id }, label), control, help, message);
  return { node, value: () => read(), check, clear: () => show([]) };
}

/**
 * The form for `tool` (its definition and scenarios). `call(args, scenario)` sends it and
 * resolves what to say; the form shows that in its status line.
 */
export function toolForm(tool, call) {
  const schema = tool.definition?.inputSchema ?? { type: "object" };
  const needed = new Set(schema.required ?? []);
  const fields = Object.entries(schema.properties ?? {}).map(([key, s]) => field(key, s, schema, needed.has(key), key));
  const force = el("select", { id: uid("force") }, el("option", { value: "" }, "– selection as usual –"), tool.scenarios.map((s) => el("option", { value: s.name }, s.name)));
  // Live, but not a status role: the page's one status line stays the one (tests and screen readers find it).
  const status = el("p", { class: "form-status", "aria-live": "polite", "aria-label": `Result of calling ${tool.name}` });
  const args = () => {
    const out = {};
    for (const [i, key] of Object.keys(schema.properties ?? {}).entries()) {
      const v = fields[i].value();
      if (v !== undefined) out[key] = v;
    }
    return out;
  };
  const form = el(
    "form",
    { class: "tool-form", "aria-label": `Call ${tool.name}`, novalidate: true },
    fields.length ? fields.map((f) => f.node) : el("p", { class: "hint" }, "No arguments."),
    el("div", { class: "field" }, el("label", { for: force.id }, "Force a scenario for this call"), force),
    el("button", { type: "submit" }, `Call ${tool.name}`),
    status,
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const problems = fields.flatMap((f) => f.check());
    if (problems.length) {
      status.textContent = `Not sent: ${problems.length} field${problems.length === 1 ? "" : "s"} to mend`;
      form.querySelector('[aria-invalid="true"]')?.focus();
      return;
    }
    status.textContent = "Calling…";
    try {
      status.textContent = await call(args(), force.value || undefined);
    } catch (err) {
      status.textContent = `Error: ${err.message}`;
    }
  });
  return form;
}
