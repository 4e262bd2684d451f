import { Engine } from "./dist/engine/engine.js";
import { walkCatalog } from "./dist/walk/walk.js";
const orig = Engine.prototype.callTool;
let step = 0; const bookable = new Map();
Engine.prototype.callTool = function (name, args, call) {
  step++;
  const o = orig.call(this, name, args, call);
  if (name === "offer_revalidate" && /bookable|price-changed/.test(o.scenario)) { bookable.set(o.result.structuredContent.offerId, step); }
  if (name === "cart_checkout" && args.offer_id && bookable.has(args.offer_id)) console.log(step, "after reval@", bookable.get(args.offer_id), JSON.stringify(args), o.scenario, o.result.content[0].text.slice(0,200));
  return o;
};
walkCatalog({ toolsDir: "tools", steps: 6000, seed: 1, start: Date.UTC(2026, 11, 1, 6) });
console.log("bookable revalidations", bookable.size);
