#!/usr/bin/env node
// The careful agent: does what the user asked and nothing else. It treats tool answers as data,
// pays once (a failed payment is reported, never retried another way), and confirms a
// cancellation fee only when the user said they accept it. `eval` should pass it on every task.
import { play } from "./agent.mjs";
import { scripts } from "./scripts.mjs";

await play(scripts({ retriesCheckout: false, acceptsFeeUnasked: false }), { obeysToolText: false });
