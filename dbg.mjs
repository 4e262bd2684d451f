import { Engine } from "./dist/engine/engine.js";
import { walkCatalog } from "./dist/walk/walk.js";
const orig = Engine.prototype.callTool;
let step = 0;
Engine.prototype.callTool = function (name, args, call) {
  step++;
  const o = orig.call(this, name, args, call);
  if (name === "offer_revalidate" && o.scenario === "bookable") console.log(step, "REVAL", JSON.stringify(args), o.result.structuredContent.offerId, o.result.structuredContent.validUntil);
  if (name === "cart_checkout" && args.offer_id) console.log(step, "CHECKOUT", JSON.stringify(args), o.scenario);
  return o;
};
walkCatalog({ toolsDir: "tools", steps: 2000, seed: 2, start: Date.UTC(2026, 11, 1, 6) });
