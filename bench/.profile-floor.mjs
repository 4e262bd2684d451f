import { load, rpcBody } from "./load.mjs";
import { openSession } from "./session.mjs";
const url = process.argv[2];
const sessionId = await openSession(url);
const body = rpcBody("tools/call", { name: "track_ride", arguments: { rideId: "ride_missing_7" } });
const r = await load({ url, sessionId, body, seconds: Number(process.argv[3] ?? 6) });
console.log(JSON.stringify({ rps: r.rps.toFixed(0), p99: r.p99, non2xx: r.non2xx, bytes: r.bytesPerResponse }));
