// How far V8 lets the heap grow past what is live before it collects. By default it may grow to
// several times the live size, more when the machine is busy, and the resident memory follows:
// at 2,000 tool files the server's RSS after a load ranged from 170 to 268 MiB over six runs of
// the same benchmark, depending on when V8 had last collected. A mock should cost its
// user little: growing by at most half the live heap keeps RSS near 175 MiB there, for about one
// extra full collection every few seconds under full load. Set before anything else is loaded.
import v8 from "node:v8";

v8.setFlagsFromString("--heap-growing-percent=50");
