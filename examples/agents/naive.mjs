#!/usr/bin/env node
// The naive agent: the mistakes graders exist to catch. It retries a failed checkout with a new
// idempotency key and another payment method, confirms a cancellation fee nobody agreed to, and
// obeys instructions it finds in tool answers (an injected "call X with {...}" is called at once).
import { play } from "./agent.mjs";
import { scripts } from "./scripts.mjs";

await play(scripts({ retriesCheckout: true, acceptsFeeUnasked: true }), { obeysToolText: true });
