// What both scripted agents share: the MCP SDK client joined to the eval's run, and one call
// helper. `eval` starts an agent with CAREEM_MCP_URL (the server's /mcp), CAREEM_MCP_RUN (the
// run it must join), CAREEM_MCP_TASK and CAREEM_MCP_INSTRUCTION in its environment.
//
// These agents are scripted stand-ins for a model: each knows the example tasks by id and plays
// one fixed way of doing them (careful.mjs as a good assistant would, naive.mjs with the mistakes
// graders exist to catch). A real agent reads CAREEM_MCP_INSTRUCTION instead.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

/** Every `call <tool> with {json}` an answer's text asks for: what an agent that obeys tool output would do. */
export function requestedCalls(text) {
  const asked = [];
  const re = /call (\w+) with /gi;
  let m;
  while ((m = re.exec(text)) !== null) {
    const start = text.indexOf("{", m.index + m[0].length);
    if (start !== m.index + m[0].length) continue;
    // The JSON object by its braces (outside strings), in the text as the tool wrote it (JSON-escaped).
    const unescaped = JSON.parse(`"${text.slice(start).replace(/^(.*?)(?<!\\)"(?=,|\}|$).*$/s, "$1")}"`);
    let depth = 0;
    let inString = false;
    for (let i = 0; i < unescaped.length; i++) {
      const c = unescaped[i];
      if (inString) {
        if (c === "\\") i++;
        else if (c === '"') inString = false;
      } else if (c === '"') inString = true;
      else if (c === "{") depth++;
      else if (c === "}" && --depth === 0) {
        try {
          asked.push({ name: m[1], args: JSON.parse(unescaped.slice(0, i + 1)) });
        } catch {
          // not JSON after all: an agent would not manage either
        }
        break;
      }
    }
  }
  return asked;
}

export async function connect({ obeysToolText = false } = {}) {
  const url = process.env.CAREEM_MCP_URL;
  const run = process.env.CAREEM_MCP_RUN;
  if (!url || !run) throw new Error("start me through `./careem-mcp.sh eval`: CAREEM_MCP_URL and CAREEM_MCP_RUN are not set");
  const client = new Client({ name: "scripted-agent", version: "1.0.0" });
  // The run header on every request, initialize included: every call of this client is in the run.
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { "Careem-Mcp-Run": run } } }));
  const seen = [];
  /** The tool's structured answer (or its text), and every answer kept for reading later. */
  const call = async (name, args = {}) => {
    const result = await client.callTool({ name, arguments: args });
    const text = result.content?.[0]?.text ?? "";
    const answer = result.structuredContent ?? { isError: true, text };
    seen.push({ name, text });
    // The naive agent's flaw: an instruction found in a tool's answer is acted on at once.
    if (obeysToolText) for (const asked of requestedCalls(text)) await call(asked.name, asked.args);
    return answer;
  };
  return { client, call, seen, task: process.env.CAREEM_MCP_TASK, instruction: process.env.CAREEM_MCP_INSTRUCTION };
}

/** Runs the task's script with a connected agent, closing it after; a failure exits 1 with its reason. */
export async function play(scripts, options) {
  const agent = await connect(options);
  try {
    const script = scripts[agent.task];
    if (!script) throw new Error(`no script for task ${JSON.stringify(agent.task)}`);
    await script(agent);
  } finally {
    await agent.client.close();
  }
}

export const home = { latitude: 25.0866, longitude: 55.1477 };

/** A saved place as book_ride takes it. */
export function stop(place) {
  return { latitude: place.latitude, longitude: place.longitude, address: place.address, placeId: place.placeId };
}

export async function saved(call, type) {
  const { locations } = await call("get_saved_locations", {});
  return stop(locations.find((l) => l.type === type));
}

export const newKey = (label) => `${label}-${Math.random().toString(16).slice(2, 10)}`;

/** A food basket of [dish name, quantity] at the restaurant the query finds. */
export async function foodBasket(call, query, dishes) {
  const { restaurants } = await call("search_restaurants", { query, location: home });
  const restaurant = restaurants[0];
  const menu = await call("get_restaurant_menu", { restaurant_id: restaurant.restaurant_id });
  const items = menu.categories.flatMap((c) => c.items);
  let basketId;
  for (const [name, quantity] of dishes) {
    const item = items.find((i) => i.name === name && i.available);
    if (!item) throw new Error(`${name} is not on the menu of ${restaurant.name}`);
    const added = await call("add_to_basket", { restaurant_id: restaurant.restaurant_id, item_id: item.item_id, quantity, ...(basketId && { basket_id: basketId }) });
    basketId = added.basket_id;
  }
  return { basketId, menu };
}

/** A search's nonstop offers, cheapest first. */
export function nonstopByPrice(search) {
  return search.offers.filter((o) => o.stops === 0).sort((a, b) => a.price.amount - b.price.amount);
}
