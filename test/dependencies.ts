// Suites that need a program this machine may lack (Chromium, redis-server, nginx, Go). Locally a
// missing one skips its suite with a line that says what to install. In CI it fails the run: a
// package that did not install must not turn into a green build with the suite silently skipped.

/** Whether this run is CI's (`CI` set, as every CI service and .ci/run set it, and not "false" or "0"). */
export function inCi(env: NodeJS.ProcessEnv = process.env): boolean {
  const ci = env.CI;
  return ci !== undefined && ci !== "" && ci !== "false" && ci !== "0";
}

/**
 * For `describe.skipIf(missing(...))`: false when `present`; else true with a line on stdout
 * (locally), or an error that fails the test file (in CI).
 */
export function missing(what: string, present: boolean, install: string, env: NodeJS.ProcessEnv = process.env): boolean {
  if (present) return false;
  if (inCi(env)) throw new Error(`${what} is missing, and CI must run every suite: ${install} (.ci/run installs it as root with apt-get)`);
  console.log(`SKIPPED (${what} is missing): ${install}`);
  return true;
}
