// Node's flags for the servers that tests, the parity replay and the conformance run start.
// Such a server lives for seconds, and V8's optimizing compiler (TurboFan) spends about a
// quarter of a short process's CPU compiling functions it then barely runs: measured on the
// parity replay (56 stdio processes and an HTTP server), 32 s of CPU with node's defaults and
// 25 s with --no-opt, the same 765 answers byte for byte. On a 2-core machine the suite's CPU is
// its wall time. The flag changes how fast hot code runs, never what it answers; people, the
// benchmarks and the soak run node's defaults.
export const serverNodeFlags = ["--no-opt"];
