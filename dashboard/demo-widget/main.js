// The demo widget that ships with the project: an MCP Apps view on the real `App` from
// @modelcontextprotocol/ext-apps, bundled by scripts/bundle.mjs into dist/demo-widget.js. The
// dashboard's preview shows it when the production widget cannot load (offline, or
// --widget-domain unreachable), so a newcomer sees each Careem result drawn: a ride card, an
// order's tracking, a product or restaurant list, flight offers, a basket. It is not
// production's widget; it reads the result's fields by name and shows any other result as a
// table of its fields.
import { App } from "@modelcontextprotocol/ext-apps";

const root = document.getElementById("root");

function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null && v !== false) node.setAttribute(k, String(v));
  for (const c of children.flat()) if (c !== undefined && c !== null && c !== false) node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return node;
}

const money = (m) => (m && typeof m.amount === "number" ? `${m.currency ?? ""} ${m.amount.toFixed(2)}`.trim() : null);
const range = (r) => (r && typeof r === "object" && "min" in r && "max" in r ? (typeof r.min === "object" ? `${money(r.min)} – ${money(r.max)}` : `${r.min}–${r.max}`) : null);
const when = (iso) => (typeof iso === "string" ? new Date(iso).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit", timeZone: "Asia/Dubai" }) : null);
const words = (status) => String(status ?? "").toLowerCase().replace(/_/g, " ");
const row = (label, value) => (value === null || value === undefined || value === "" ? null : h("div", { class: "row" }, h("span", { class: "label" }, label), h("span", {}, value)));

function card(kind, title, ...body) {
  return h("article", { class: `card ${kind}`, "aria-label": title }, h("h2", {}, title), ...body);
}

function rideCard(d) {
  const captain = d.captain && typeof d.captain === "object" ? d.captain : null;
  const vehicle = d.vehicle && typeof d.vehicle === "object" ? d.vehicle : null;
  return card(
    "ride",
    `Ride ${d.rideId}`,
    h("p", { class: `status s-${String(d.status).toLowerCase()}` }, words(d.status)),
    d.message ? h("p", {}, d.message) : null,
    row("Captain", captain ? `${captain.name ?? ""}${captain.rating ? ` ★ ${captain.rating}` : ""}` : null),
    row("Car", vehicle ? [vehicle.color, vehicle.make, vehicle.model, vehicle.plate ?? vehicle.plateNumber].filter(Boolean).join(" ") : null),
    row("Pickup in", typeof d.etaMinutes === "number" ? `${d.etaMinutes} min` : null),
    row("Fare", range(d.fareEstimate) ?? money(d.fare)),
  );
}

function estimatesCard(d) {
  return card(
    "estimates",
    `Rides · ${d.distanceKm ?? "?"} km, ${d.durationMinutes ?? "?"} min`,
    h("ul", { class: "list" }, d.products.map((p) => h("li", {}, h("strong", {}, p.displayName ?? p.productId), h("span", {}, range(p.fare) ?? ""), h("span", { class: "muted" }, p.available === false ? "unavailable" : `${p.etaMinutes ?? "?"} min away`)))),
  );
}

function trackingCard(d) {
  const steps = ["PLACED", "ACCEPTED", "PREPARING", "PICKED_UP", "ON_THE_WAY", "DELIVERED"];
  const at = steps.indexOf(String(d.status));
  return card(
    "tracking",
    `Order ${d.order_id}`,
    h("p", { class: `status s-${String(d.status).toLowerCase()}` }, words(d.status)),
    at >= 0 ? h("ol", { class: "steps", "aria-label": "Order progress" }, steps.map((s, i) => h("li", { class: i <= at ? "done" : "" }, words(s)))) : null,
    row("From", d.restaurant?.name),
    row("Arrives", when(d.estimated_delivery_at)),
    row("Total", money(d.total)),
    row("Delay", d.delay_reason),
  );
}

function listCard(d) {
  const items = d.products ?? d.restaurants;
  const title = d.products ? `Products${d.store?.name ? ` · ${d.store.name}` : ""}` : `Restaurants${d.query ? ` for “${d.query}”` : ""}`;
  return card(
    "list",
    title,
    h("ul", { class: "list" }, items.map((p) => h("li", {}, h("strong", {}, p.name), h("span", {}, money(p.price) ?? (p.rating ? `★ ${p.rating}` : "")), h("span", { class: "muted" }, p.size ?? (p.cuisines ? p.cuisines.join(", ") : "") ?? "")))),
  );
}

function offersCard(d) {
  return card(
    "offers",
    `${d.offers.length} offer${d.offers.length === 1 ? "" : "s"}`,
    h("ul", { class: "list" }, d.offers.map((o) => h("li", {}, h("strong", {}, `${o.carrier?.name ?? o.mode ?? "Offer"} · ${o.departure?.localTime ?? ""} → ${o.arrival?.localTime ?? ""}`), h("span", {}, money(o.price) ?? ""), h("span", { class: "muted" }, [o.fareBrand, o.refundable ? "refundable" : "non-refundable"].filter(Boolean).join(" · "))))),
  );
}

function basketCard(d) {
  return card(
    "basket",
    `Basket${d.restaurant?.name ? ` · ${d.restaurant.name}` : ""}`,
    h("ul", { class: "list" }, d.items.map((i) => h("li", {}, h("strong", {}, `${i.quantity} × ${i.name ?? i.item_id ?? i.product_id}`), h("span", {}, money(i.line_total) ?? money(i.unit_price) ?? "")))),
    row("Subtotal", money(d.subtotal)),
    row("Delivery", money(d.delivery_fee)),
    row("Total", money(d.total)),
  );
}

function fieldsCard(d) {
  return card("fields", "Result", h("dl", {}, Object.entries(d).flatMap(([k, v]) => [h("dt", {}, k), h("dd", {}, typeof v === "object" ? JSON.stringify(v) : String(v))])));
}

/** Which kind of Careem result this is, by the fields it carries. */
function drawResult(d) {
  if (!d || typeof d !== "object") return card("fields", "Result", h("p", {}, "No structured result."));
  if (d.success === false && (d.error || d.errorCode)) return card("error", "Not done", h("p", {}, d.error ?? d.errorCode));
  if (typeof d.rideId === "string" && d.status) return rideCard(d);
  if (Array.isArray(d.products) && d.products[0]?.productId && d.products[0]?.fare) return estimatesCard(d);
  if (typeof d.order_id === "string" && d.status) return trackingCard(d);
  if (Array.isArray(d.offers)) return offersCard(d);
  if (Array.isArray(d.items) && (d.basket_id || d.subtotal)) return basketCard(d);
  if (Array.isArray(d.products) || Array.isArray(d.restaurants)) return listCard(d);
  return fieldsCard(d);
}

const status = h("p", { class: "muted", role: "status", "aria-label": "Widget status" }, "Demo widget: waiting for the host");
root.replaceChildren(h("header", {}, h("strong", {}, "Careem"), h("span", { class: "muted" }, " · demo widget (ships with careem-mcp-local)")), h("section", { "aria-label": "Tool result" }), status);

const app = new App({ name: "careem-mcp demo widget", version: "1.0.0" });
app.ontoolresult = (result) => {
  root.querySelector('[aria-label="Tool result"]').replaceChildren(drawResult(result.structuredContent));
  status.textContent = `Demo widget: ${app.getHostContext()?.toolInfo?.tool?.name ?? "the tool"}'s result`;
};
app.onhostcontextchanged = (ctx) => ctx.theme && document.documentElement.setAttribute("data-theme", ctx.theme);
await app.connect();
document.documentElement.setAttribute("data-theme", app.getHostContext()?.theme ?? "light");
