// The command line as a function: arguments in, exit code out, output to the streams given.
// `dist/cli.js` is a thin wrapper around it; tests run `scenario` and `check` through it in
// process, because each spawned node costs about a second on a loaded 2-core machine.
import fs from "node:fs";
import path from "node:path";
import { Command, CommanderError, InvalidArgumentError, Option } from "commander";
import { defaults, envNames, projectRoot, type Config } from "../config.js";
import { isRelease, profileOf, type Release } from "../server/profiles/profiles.js";

export interface CliIo {
  out: NodeJS.WritableStream;
  err: NodeJS.WritableStream;
}

/** Exit code of a usage error: an unknown option, a tools directory that does not exist. */
export const USAGE_ERROR = 2;

class UsageError extends Error {}

function int(name: string) {
  return (value: string): number => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < 0) throw new InvalidArgumentError(`${name} must be a non-negative integer, got "${value}"`);
    return n;
  };
}

function positive(name: string) {
  return (value: string): number => {
    const n = Number(value);
    // Safe integers only: 1e308 is "whole" to Number.isInteger, and n - 1 is n again, so it never counted down.
    if (!Number.isSafeInteger(n) || n < 1) throw new InvalidArgumentError(`${name} must be a whole number from 1 to ${Number.MAX_SAFE_INTEGER}, got "${value}"`);
    return n;
  };
}

function scale(value: string): number {
  const n = Number(value);
  if (value.trim() === "" || !Number.isFinite(n) || n < 0) throw new InvalidArgumentError(`--delay-scale must be a number >= 0, got "${value}"`);
  return n;
}

/** The go-sdk releases with a profile (src/server/profiles/profiles.ts). */
function goSdk(value: string): Release {
  const v = value.replace(/^v/, "");
  if (isRelease(v)) return v;
  throw new InvalidArgumentError(`--go-sdk ${JSON.stringify(value)}: the releases are 1.6.1 (production's today), 1.7.0 and 1.8.0 (partly: see docs/configuration.md)`);
}

/** Repeatable; the environment variable may list several names separated by commas. */
function hostNames(value: string, previous: string[]): string[] {
  return [...previous, ...value.split(",").map((v) => v.trim()).filter((v) => v !== "")];
}

function publicUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new InvalidArgumentError(`--public-url must be a URL such as https://abc.ngrok-free.app, got "${value}"`);
  }
  if (!["http:", "https:"].includes(url.protocol) || url.pathname !== "/" || url.search || url.hash) {
    throw new InvalidArgumentError(`--public-url must be an http(s) origin with no path, query or fragment, got "${value}"`);
  }
  return url.origin;
}

function packageVersion(): string {
  try {
    return (JSON.parse(fs.readFileSync(path.join(projectRoot, "package.json"), "utf8")) as { version: string }).version;
  } catch {
    return "unknown";
  }
}

/** A served or checked tools directory must exist at start; one removed later is waited for. */
function existingToolsDir(typed: string): string {
  return existingDir(typed, "tools directory");
}

function existingDir(typed: string, what: string): string {
  const dir = path.resolve(typed);
  let stat: fs.Stats | undefined;
  try {
    stat = fs.statSync(dir);
  } catch {
    throw new UsageError(`${what} ${typed} does not exist`);
  }
  if (!stat.isDirectory()) throw new UsageError(`${what} ${typed} is not a directory`);
  return dir;
}

/**
 * Runs the command line. Resolves the exit code, or undefined when a server was started and the
 * process keeps running until a signal or the end of stdin.
 */
export async function runCli(argv: string[], io: CliIo): Promise<number | undefined> {
  let code: number | undefined;

  const check = async (toolsTyped: string, json: boolean): Promise<number> => {
    const toolsDir = existingToolsDir(toolsTyped);
    const { runCheck } = await import("../check/runCheck.js");
    return runCheck({ toolsDir, json, out: io.out });
  };

  const program = new Command("careem-mcp")
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.out.write(s), writeErr: (s) => io.err.write(s) })
    .version(packageVersion(), "-V, --version", "print the version and exit")
    // Options after "scenario" belong to it, so `scenario x y --tools DIR` reads DIR, not the server's default.
    .enablePositionalOptions()
    .description(
      "Local careem-mcp-service: serves every tools/<domain>/<tool>.md file as an MCP tool.\n" +
        "HTTP by default (streamable HTTP on /mcp, legacy SSE on /sse); --stdio for clients that spawn a process.",
    )
    .addOption(new Option("-p, --port <port>", "HTTP port (0 picks a free one)").env(envNames.port).default(defaults.port).argParser(int("--port")))
    .addOption(new Option("--host <host>", "address to bind; keep it loopback unless you know why").env(envNames.host).default(defaults.host))
    .addOption(new Option("--tools <dir>", "tools directory to serve").env(envNames.toolsDir).default(defaults.toolsDir, "./tools"))
    .addOption(new Option("--run-dir <dir>", "run state (forced scenarios); tests point it at a temp dir").env(envNames.runDir).default(defaults.runDir, "./.run"))
    .addOption(new Option("--stdio", "speak newline-delimited JSON-RPC on stdin/stdout instead of HTTP"))
    .addOption(new Option("--check", "render every scenario of every tool and validate it; exit 1 on any problem (same as the check command)"))
    .addOption(new Option("--json", "with --check: print the report as JSON"))
    .addOption(new Option("--widget-domain <url>", "where the ChatGPT widget assets are served from").env(envNames.widgetDomain).default(defaults.widgetDomain))
    .addOption(new Option("--widget-dir <dir>", "serve this local widget build (e.g. mcp-app/dist) under /_local/widget-build/ and name it in the widget resource (HTTP only)").env(envNames.widgetDir))
    .addOption(new Option("--service-version <v>", "serverInfo.version reported by initialize").env(envNames.serviceVersion).default(defaults.serviceVersion))
    .addOption(new Option("--idle-timeout <ms>", "expire /mcp sessions idle this long").env(envNames.idleTimeoutMs).default(defaults.idleTimeoutMs).argParser(int("--idle-timeout")))
    .addOption(new Option("--max-sessions <n>", "most /mcp sessions kept at once; a new one closes the least recently used (0: no limit)").env(envNames.maxSessions).default(defaults.maxSessions).argParser(int("--max-sessions")))
    .addOption(new Option("--run-limit <n>", "most runs (POST /_local/runs, for grading agents) kept at once; past it a new run is refused (429)").env(envNames.runLimit).default(defaults.runLimit).argParser(positive("--run-limit")))
    .addOption(new Option("--run-idle <ms>", "forget a run (and its state) untouched this long").env(envNames.runIdleMs).default(defaults.runIdleMs).argParser(positive("--run-idle")))
    .addOption(new Option("--run <id>", "with --stdio and --store: every call of this process joins the run (made by POST /_local/runs on an HTTP server sharing the store; docs/testing-agents.md)"))
    .addOption(new Option("--keepalive <ms>", "interval of the `: keepalive` comment on every SSE stream (0 turns it off)").env(envNames.keepAliveMs).default(defaults.keepAliveMs).argParser(int("--keepalive")))
    .addOption(new Option("--body-limit <bytes>", "largest request body or stdio line accepted (HTTP 413, stdio -32000 above)").env(envNames.bodyLimit).default(defaults.bodyLimit).argParser(int("--body-limit")))
    .addOption(new Option("--state-scope <scope>", "whose state a call sees: its user's (default: shared by the user's sessions, as production; kept in <run-dir>/state over stdio), or each MCP session's own (isolated parallel tests)").env(envNames.stateScope).choices(["session", "user"]).default(defaults.stateScope))
    .addOption(new Option("--state-limit <bytes>", "most bytes of state one session (or user) may hold").env(envNames.stateLimit).default(defaults.stateLimit).argParser(int("--state-limit")))
    .addOption(new Option("--stateless", "serve /mcp as go-sdk's Stateless mode at the --go-sdk release: no session outlives its POST, GET is 405, state is the user's; from 1.7.0 no Mcp-Session-Id at all and the 2026-07-28 protocol served; for replicas behind a load balancer").env(envNames.stateless))
    .addOption(new Option("--go-sdk <version>", "which go-sdk release to answer as: 1.6.1 (production's today), 1.7.0 or 1.8.0, with what each changes; stateful, 1.7.0 and 1.8.0 answer server/discover and refuse other 2026-07-28 requests as they do (1.7.0 plain text, 1.8.0 -32022); with --stateless they serve that era").env("CAREEM_MCP_GO_SDK").default("1.6.1").argParser(goSdk))
    .addOption(new Option("--store <url>", "keep state in Redis (redis://HOST:PORT[/DB]) so several replicas serve one journey; default: in this process").env(envNames.store))
    .addOption(new Option("--delay-scale <factor>", "multiply every declared delay (0: answer at once, for CI; 2: twice as slow)").env(envNames.delayScale).default(defaults.delayScale).argParser(scale))
    .addOption(new Option("--scenario-log", "local aid: at logging level debug, send a log notification naming the tool and scenario before each result (production sends none)").env(envNames.scenarioLog))
    .addOption(new Option("--apps-challenge <token>", "token served at /.well-known/openai-apps-challenge").env(envNames.challengeToken).default(defaults.challengeToken))
    .addOption(new Option("--auth", "production's OAuth: bearer tokens required, with a local authorization server on the same port"))
    .addOption(new Option("--auth-auto-approve", "--auth, skipping the sign-in page: every sign-in is user 900000001 (headless tests, CI)").implies({ auth: true }))
    .addOption(new Option("--auth-token-ttl <seconds>", "with --auth: access token lifetime").env(envNames.authTokenTtlS).default(defaults.authTokenTtlS).argParser(int("--auth-token-ttl")))
    .addOption(new Option("--allowed-host <name>", "also answer this Host name, e.g. a tunnel's (repeatable; the env var takes a comma list)").env(envNames.allowedHosts).default(defaults.allowedHosts, "none").argParser(hostNames))
    .addOption(new Option("--public-url <url>", "the origin clients reach this server at (a tunnel's https URL), for discovery and tokens").env(envNames.publicUrl).argParser(publicUrl))
    .addHelpText(
      "after",
      `
Examples:
  ./careem-mcp.sh                         serve http://127.0.0.1:${defaults.port}/mcp and /sse
  ./careem-mcp.sh --stdio                 for Claude Desktop and other spawning clients
  ./careem-mcp.sh check                   prove every scenario renders and validates (also --check)
  ./careem-mcp.sh --auth                  require sign-in, as production does (local authorization server)
  ./careem-mcp.sh --allowed-host abc.ngrok-free.app --public-url https://abc.ngrok-free.app
                                          serve through a tunnel (ChatGPT developer mode)
  ./careem-mcp.sh scenario cart_checkout payment-declined
                                          force a scenario (scenario --help for more)
  ./careem-mcp.sh why get_ride_status '{"rideId": "ride_1"}'
                                          which scenario answers these arguments, and why
  ./careem-mcp.sh calls --follow          the running server's calls, each with its why (sessions, calls,
                                          why and token find the server through --run-dir's server.json)
  http://127.0.0.1:${defaults.port}/_local/          the dashboard of the running server

Commands of ./careem-mcp.sh itself (not of dist/cli.js):
  ./careem-mcp.sh test [file...]          typecheck, every test, the external conformance clients;
                                          with a file, only that test file (npx vitest run <file>)
  ./careem-mcp.sh bench                   the benchmark (bench/README.md)`,
    )
    .action(async (opts) => {
      if (opts.check) {
        code = await check(opts.tools, Boolean(opts.json));
        return;
      }
      const config: Config = {
        ...defaults,
        port: opts.port,
        host: opts.host,
        toolsDir: existingToolsDir(opts.tools),
        runDir: path.resolve(opts.runDir),
        widgetDomain: opts.widgetDomain,
        widgetDir: opts.widgetDir === undefined ? "" : existingDir(opts.widgetDir, "widget directory"),
        serviceVersion: opts.serviceVersion,
        idleTimeoutMs: opts.idleTimeout,
        maxSessions: opts.maxSessions,
        runLimit: opts.runLimit,
        runIdleMs: opts.runIdle,
        runId: opts.run ?? "",
        keepAliveMs: opts.keepalive,
        bodyLimit: opts.bodyLimit,
        challengeToken: opts.appsChallenge,
        stateScope: opts.stateScope,
        persistState: Boolean(opts.stdio),
        stateLimit: opts.stateLimit,
        store: opts.store ?? "",
        // With --state-scope session a stateless call's state is its own POST's (as the parity twin records it).
        stateless: Boolean(opts.stateless),
        goSdk: opts.goSdk,
        delayScale: opts.delayScale,
        scenarioLog: Boolean(opts.scenarioLog),
        auth: Boolean(opts.auth),
        authAutoApprove: Boolean(opts.authAutoApprove),
        authTokenTtlS: opts.authTokenTtl,
        allowedHosts: opts.allowedHost,
        publicUrl: opts.publicUrl ?? "",
      };
      if (opts.stdio) {
        // The widget build is served over HTTP; a stdio client would be handed URLs nothing serves.
        if (config.store && !config.runId) throw new UsageError("--store is for HTTP replicas behind a load balancer (or, with --run, for a stdio client joining a run); over stdio a user's state is kept in <run-dir>/state: drop --stdio or --store");
        if (config.runId && !config.store) throw new UsageError("--run over stdio joins a run kept in Redis: add --store redis://HOST:PORT (the store of the HTTP server whose POST /_local/runs made the run)");
        if (config.widgetDir) throw new UsageError("--widget-dir needs the HTTP server (the widget's files are served under /_local/widget-build/); drop --stdio");
        // initialize is answered before the engine's modules load: most of a desktop client's wait at spawn.
        const { earlyInitialize, exitOnEarlySignals } = await import("../server/stdio/earlyInitialize.js");
        const { stderrLog } = await import("../server/host/log.js");
        const removeSignalHandlers = exitOnEarlySignals(stderrLog);
        let initialized = false;
        const stdin = await earlyInitialize(process.stdin, process.stdout, { ...config, profile: profileOf(config) }, () => (initialized = true));
        const { startStdio } = await import("../server/stdio/stdio.js");
        // The early handlers are removed only once startStdio has installed its own: a signal's
        // listeners never drop to none, so node's watcher never stops. Removing them first lost a
        // signal caught in between (its callback was still queued when the watcher stopped): the
        // process then ran on, never told (3 of 40 parallel starts, 2026-12-02).
        await startStdio(config, stdin, { initialized, handOverSignals: removeSignalHandlers });
        return;
      }
      if (config.runId) throw new UsageError(`--run is for --stdio; an HTTP client joins a run with the header "Careem-Mcp-Run: ${config.runId}" on its requests`);
      const { startHttp } = await import("../server/http/http.js");
      await startHttp(config);
    });

  program
    .command("check")
    .description("render every scenario of every tool and validate it; exit 1 on any problem (the same as --check)")
    .addOption(new Option("--json", "print the report as JSON"))
    .addOption(new Option("--tools <dir>", "tools directory to check").env(envNames.toolsDir).default(defaults.toolsDir, "./tools"))
    .addOption(new Option("--walk <steps>", "instead: walk N random agent-like calls through the catalog, failing on any invalid answer").argParser(positive("--walk")))
    .addOption(new Option("--seed <n>", "with --walk: the seed (the same seed walks the same journeys)").default(1).argParser(int("--seed")))
    .addOption(new Option("--require-all", "with --walk: also fail when a scenario that is not forcing-only was never reached"))
    .action(async (opts) => {
      if (opts.walk !== undefined) {
        const { runWalk } = await import("../walk/runWalk.js");
        code = runWalk({ toolsDir: path.resolve(opts.tools), steps: opts.walk, seed: opts.seed, requireAll: Boolean(opts.requireAll), out: io.out });
        return;
      }
      code = await check(opts.tools, Boolean(opts.json));
    });

  program
    .command("scenario")
    .description("force a scenario out of band (written to .run/overrides.json; invisible to MCP clients)")
    .argument("[tool]", "tool name")
    .argument("[scenario]", "scenario name to force")
    .option("--clear", "stop forcing a scenario for <tool>")
    .option("--clear-all", "stop forcing every scenario")
    .addOption(new Option("--times <n>", "force only the next n calls, then select normally").argParser(positive("--times")))
    .option("--session <id>", "force for one session of the running server only (see: sessions)")
    .addOption(new Option("-p, --port <port>", "with --session: the running server's port (default: the one <run-dir>/server.json names, else 8080)").env(envNames.port).default(defaults.port).argParser(int("--port")))
    .addOption(new Option("--host <host>", "with --session: the running server's address").env(envNames.host).default(defaults.host))
    .addOption(new Option("--tools <dir>", "tools directory whose names are checked").env(envNames.toolsDir).default(defaults.toolsDir, "./tools"))
    .addOption(new Option("--run-dir <dir>", "run state directory holding overrides.json").env(envNames.runDir).default(defaults.runDir, "./.run"))
    .addHelpText(
      "after",
      `
Examples:
  ./careem-mcp.sh scenario                                   list what is forced
  ./careem-mcp.sh scenario cart_checkout                     its scenarios, the default and the forced one marked
  ./careem-mcp.sh scenario cart_checkout payment-declined    force it
  ./careem-mcp.sh scenario cart_checkout --clear             back to normal selection
  ./careem-mcp.sh scenario --clear-all
  ./careem-mcp.sh scenario cart_checkout payment-declined --times 2              the next 2 calls only
  ./careem-mcp.sh scenario cart_checkout payment-declined --session <id> --times 3   one session only`,
    )
    .action(async (tool: string | undefined, scenario: string | undefined, opts, command: Command) => {
      if (opts.session !== undefined) {
        const { sessionScenarioCommand } = await import("../client/commands.js");
        code = await sessionScenarioCommand(await serverOf(opts, command), { session: opts.session, tool, scenario, clear: Boolean(opts.clear), times: opts.times }, io.out);
        return;
      }
      const { scenarioCommand } = await import("../overrides/scenarioCommand.js");
      code = scenarioCommand({
        tool,
        scenario,
        clear: Boolean(opts.clear),
        clearAll: Boolean(opts.clearAll),
        times: opts.times,
        toolsDir: path.resolve(opts.tools),
        runDir: path.resolve(opts.runDir),
        out: io.out,
        err: io.err,
      });
    });

  program
    .command("clock")
    .description("move the local clock of the server on --run-dir (local-only; the next call sees it): rides move on, offers lapse")
    .argument("[move]", "how far to move it: +25m, 90s, 2h, 1d, 1h30m (back: -- -10m)")
    .option("--set <instant>", "move it so that now is this instant, e.g. 2026-12-02T08:00:00Z")
    .option("--reset", "back to the wall clock (with --session: that session back to the server's clock)")
    .option("--session <id>", "move one session's clock only (see: sessions)")
    .option("--run <id>", "move one run's clock only, on the running server (POST /_local/runs/<id>/clock; --url or --port)")
    .option("--url <url>", "with --run: the running server (default: http://127.0.0.1:<port>)")
    .addOption(new Option("-p, --port <port>", "with --run: the running server's port").env(envNames.port).default(defaults.port).argParser(int("--port")))
    .addOption(new Option("--run-dir <dir>", "run state directory holding clock.json").env(envNames.runDir).default(defaults.runDir, "./.run"))
    .addHelpText(
      "after",
      `
Examples:
  ./careem-mcp.sh clock                       how far the clock is moved
  ./careem-mcp.sh clock +25m                  every call is now 25 minutes later
  ./careem-mcp.sh clock +1d --session <id>    one session a day ahead of the rest
  ./careem-mcp.sh clock --reset`,
    )
    .action(async (move: string | undefined, opts) => {
      if (opts.run !== undefined) {
        // A run's clock lives with the run, on the server (in Redis with --store), not in clock.json.
        const { moveRunClock, RunsApiError } = await import("../client/runsClient.js");
        if ((move === undefined) === (opts.set === undefined) || opts.reset || opts.session) {
          io.err.write("careem-mcp clock --run: give one move (+25m) or --set <instant>; --reset and --session are for the server's clock\n");
          code = USAGE_ERROR;
          return;
        }
        try {
          const moved = await moveRunClock(opts.url ?? `http://127.0.0.1:${opts.port}`, opts.run, move !== undefined ? { advance: move } : { set: opts.set });
          io.out.write(`run ${opts.run}: now ${moved.now}\n`);
          code = 0;
        } catch (err) {
          if (!(err instanceof RunsApiError)) throw err;
          io.err.write(`careem-mcp clock: ${err.message}\n`);
          code = 1;
        }
        return;
      }
      const { clockCommand } = await import("../clock/clockCommand.js");
      code = clockCommand({ move, set: opts.set, reset: Boolean(opts.reset), session: opts.session, runDir: path.resolve(opts.runDir), out: io.out, err: io.err });
    });

  const headerList = (value: string, previous: string[]) => [...previous, value];
  const segment = (value: string): string => {
    if (!/^[A-Za-z0-9_][A-Za-z0-9_-]*$/.test(value)) throw new InvalidArgumentError(`--domain must be one folder name (letters, digits, _ and -), got "${value}"`);
    return value;
  };
  const parseHeaderOptions = async (values: string[]): Promise<Record<string, string>> => {
    const { parseHeaders, HeaderError } = await import("../importer/headers.js");
    try {
      return parseHeaders(values);
    } catch (err) {
      if (err instanceof HeaderError) throw new UsageError(err.message);
      throw err;
    }
  };

  program
    .command("import")
    .description("refresh every tool file's ## Definition from a live MCP server's tools/list, and report the drift")
    .requiredOption("--from <url>", "the live server's streamable HTTP endpoint, e.g. https://host/mcp")
    .addOption(new Option("--tools <dir>", "tools directory to update").env(envNames.toolsDir).default(defaults.toolsDir, "./tools"))
    .addOption(new Option("--header <header>", 'a request header, "Name: value" (repeatable), e.g. "Authorization: Bearer $TOKEN"').argParser(headerList).default([], "none"))
    .addOption(new Option("--domain <name>", "folder for files of live tools that have none (default: misc)").argParser(segment))
    .option("--dry-run", "report only; write nothing")
    .option("--check-drift", "exit 1 when anything differs (for a nightly job)")
    .addHelpText(
      "after",
      `
Exit codes: 0 done (or no drift), 1 drift with --check-drift, 2 usage, 3 the server could not be read.

Examples:
  ./careem-mcp.sh import --from https://mcp.example.com/mcp --header "Authorization: Bearer $TOKEN"
  ./careem-mcp.sh import --from http://127.0.0.1:9000/mcp --dry-run --check-drift`,
    )
    .action(async (opts) => {
      const { importCommand } = await import("../importer/importCommand.js");
      code = await importCommand({
        source: { url: opts.from, headers: await parseHeaderOptions(opts.header) },
        toolsDir: existingToolsDir(opts.tools),
        domain: opts.domain,
        dryRun: Boolean(opts.dryRun),
        checkDrift: Boolean(opts.checkDrift),
        out: io.out,
        err: io.err,
      });
    });

  program
    .command("record")
    .description("serve /mcp as a recording proxy: every tools/call is forwarded upstream and its answer written into the tool files as a scenario")
    .requiredOption("--upstream <url>", "the MCP server to record, its streamable HTTP endpoint, e.g. https://host/mcp")
    .addOption(new Option("--tools <dir>", "tools directory to write into (made if missing)").env(envNames.toolsDir).default(defaults.toolsDir, "./tools"))
    .addOption(new Option("-p, --port <port>", "port of the recording proxy (0 picks a free one)").default(8081).argParser(int("--port")))
    .addOption(new Option("--host <host>", "address to bind; loopback keeps the Host check on").default(defaults.host))
    .addOption(new Option("--header <header>", 'a header sent upstream, "Name: value" (repeatable); credentials never reach a file').argParser(headerList).default([], "none"))
    .addOption(new Option("--redact <key>", "an argument or answer key whose value is written as [redacted] (repeatable, any depth, any case)").argParser(headerList).default([], "none"))
    .addOption(new Option("--domain <name>", "folder for files of tools that have none (default: misc)").default("misc").argParser(segment))
    .addOption(new Option("--body-limit <bytes>", "largest request body accepted").default(defaults.bodyLimit).argParser(int("--body-limit")))
    .addHelpText(
      "after",
      `
Examples:
  ./careem-mcp.sh record --upstream https://mcp.example.com/mcp --header "Authorization: Bearer $TOKEN" --redact card_number
      then point your client at http://127.0.0.1:8081/mcp; stop with Ctrl-C`,
    )
    .action(async (opts) => {
      const { recordCommand } = await import("../recorder/recordCommand.js");
      code = await recordCommand({
        upstream: opts.upstream,
        headers: await parseHeaderOptions(opts.header),
        toolsDir: path.resolve(opts.tools),
        host: opts.host,
        port: opts.port,
        domain: opts.domain,
        redact: opts.redact,
        bodyLimit: opts.bodyLimit,
        err: io.err,
      });
    });

  const serverOptions = (command: Command) =>
    command
      .addOption(new Option("-p, --port <port>", "the running server's port (default: the one <run-dir>/server.json names, else 8080)").env(envNames.port).default(defaults.port).argParser(int("--port")))
      .addOption(new Option("--host <host>", "the running server's address").env(envNames.host).default(defaults.host))
      .addOption(new Option("--run-dir <dir>", "find the server started with this run dir (its server.json); for why, also the overrides file read without a server").env(envNames.runDir).default(defaults.runDir, "./.run"));
  /** The server a helper talks to: --port/--host when given (or in the environment), else the run dir's, else the default. */
  const serverOf = async (opts: { host: string; port: number; runDir: string }, command: Command) => {
    const { findServer } = await import("../client/findServer.js");
    const given = ["port", "host"].some((name) => ["cli", "env"].includes(command.getOptionValueSource(name) ?? ""));
    return findServer({ host: opts.host, port: opts.port, given, runDir: opts.runDir });
  };

  serverOptions(program.command("state").description("the users' state: `state reset [key]` starts it again from the tools' world"))
    .argument("<action>", "reset")
    .argument("[key]", "whose state: user:<id> (the default user's unless given) or session:<id>", "user:900000001")
    .action(async (action: string, key: string, opts, command: Command) => {
      if (action !== "reset") {
        io.err.write(`state: unknown action "${action}"; the one action is reset\n`);
        code = 1;
        return;
      }
      const { stateResetCommand } = await import("../client/stateReset.js");
      code = await stateResetCommand(key, await serverOf(opts, command), opts.runDir, io.out, io.err);
    });

  serverOptions(program.command("sessions").description("list the running server's open sessions, with their client, calls and forcing"))
    .option("--json", "print the sessions as one JSON document ({stateScope, sessions: [...]})")
    .action(async (opts, command: Command) => {
      const { sessionsCommand } = await import("../client/commands.js");
      code = await sessionsCommand(await serverOf(opts, command), { json: Boolean(opts.json) }, io.out);
    });

  serverOptions(program.command("calls").description("print the running server's call journal: scenario and why, per call"))
    .option("--follow", "keep printing calls as they happen")
    .option("--tool <name>", "only this tool's calls")
    .option("--session <id>", "only this session's calls")
    .option("--json", "JSON Lines: one journal entry as a JSON object per line (not one JSON array)")
    .action(async (opts, command: Command) => {
      const { callsCommand } = await import("../client/commands.js");
      code = await callsCommand(await serverOf(opts, command), { tool: opts.tool, session: opts.session, follow: Boolean(opts.follow), json: Boolean(opts.json) }, io.out);
    });

  serverOptions(program.command("why").description("which scenario would answer these arguments, and why: every scenario top to bottom, asking the running server (its state and forcing) when one is found, else from the files"))
    .argument("<tool>", "tool name")
    .argument("[arguments]", "the call's arguments as JSON, e.g. '{\"rideId\": \"ride_1\"}'")
    .option("--session <id>", "as that session's next call: its state (with --state-scope session) and its forcing")
    .option("--files", "from the files only (the catalog and overrides file), even when a server runs: the state is the persona's initial world")
    .option("--json", "print the report as JSON")
    .addOption(new Option("--tools <dir>", "tools directory (read when no server is found, or with --files)").env(envNames.toolsDir).default(defaults.toolsDir, "./tools"))
    .action(async (tool: string, args: string | undefined, opts, command: Command) => {
      const { whyCommand } = await import("../client/commands.js");
      code = await whyCommand(tool, args, { session: opts.session, files: Boolean(opts.files), toolsDir: opts.tools, runDir: opts.runDir, json: Boolean(opts.json), at: await serverOf(opts, command) }, io.out, io.err);
    });

  const serverUrl = (opts: { url?: string; host: string; port: number }) => opts.url ?? `http://${opts.host.includes(":") ? `[${opts.host}]` : opts.host}:${opts.port}`;

  serverOptions(program.command("verify").description("check a run's calls and state against an expectations file (JSON or YAML); exit 1 when one is not met"))
    .argument("<file>", 'expectations: {"calls": [{"tool", "arguments", "min", "max"}], "state": [{"expression", "says"}]}')
    .requiredOption("--run <id>", "the run to check (POST /_local/runs made it)")
    .option("--url <url>", "the running server (default: http://<host>:<port>)")
    .option("--json", "print the verdict as JSON")
    .action(async (file: string, opts) => {
      const { readExpectationsText, parseExpectations, ExpectationsError } = await import("../runs/expectations.js");
      const { verifyRun, formatVerdict, RunsApiError } = await import("../client/runsClient.js");
      try {
        const text = fs.readFileSync(file, "utf8");
        const value = readExpectationsText(text, file);
        parseExpectations(value, file);
        const verdict = await verifyRun(serverUrl(opts), opts.run, value);
        io.out.write(opts.json ? `${JSON.stringify(verdict, null, 2)}\n` : formatVerdict(verdict));
        code = verdict.passed ? 0 : 1;
      } catch (err) {
        if (!(err instanceof ExpectationsError || err instanceof RunsApiError || (err as NodeJS.ErrnoException).code === "ENOENT")) throw err;
        io.err.write(`careem-mcp verify: ${(err as Error).message}\n`);
        code = USAGE_ERROR;
      }
    });

  program
    .command("eval")
    .description("run an agent on every task of a directory, k times each in a fresh run; print passes, pass^k, utility and attack success per task")
    .argument("<tasks-dir>", "a directory of task files (examples/agent-tasks/)")
    .requiredOption("--agent <command>", "the agent, as a shell command; it gets CAREEM_MCP_URL, CAREEM_MCP_RUN, CAREEM_MCP_TASK and CAREEM_MCP_INSTRUCTION")
    .option("--k <n>", "trials per task", positive("--k"), 1)
    .option("--url <url>", "a running server to use (default: one started for the evaluation on a free port)")
    .option("--timeout <ms>", "stop an agent after this long (the trial fails)", positive("--timeout"), 60_000)
    .option("--parallel <n>", "trials at once", positive("--parallel"), 4)
    .option("--task <id...>", "only these tasks")
    .option("--report <file>", "also write the JSON report here (for CI)")
    .option("--json", "print the JSON report instead of the table")
    .addOption(new Option("--tools <dir>", "tools directory of the server it starts").env(envNames.toolsDir).default(defaults.toolsDir, "./tools"))
    .action(async (tasksDir: string, opts) => {
      const { evalCommand } = await import("../client/evalCommand.js");
      const { ExpectationsError } = await import("../runs/expectations.js");
      const { RunsApiError } = await import("../client/runsClient.js");
      try {
        code = await evalCommand({ tasksDir, agent: opts.agent, k: opts.k, url: opts.url, toolsDir: existingToolsDir(opts.tools), timeoutMs: opts.timeout, parallel: opts.parallel, report: opts.report, json: Boolean(opts.json), only: opts.task }, io.out);
      } catch (err) {
        if (!(err instanceof ExpectationsError || err instanceof RunsApiError)) throw err;
        io.err.write(`careem-mcp eval: ${err.message}\n`);
        code = USAGE_ERROR;
      }
    });

  serverOptions(program.command("token").description("sign in headlessly as a persona against a running --auth server and print an access token"))
    .option("--user <id>", "the persona: 900000001 (Sara), 900000002 (Omar), or client-only (a token naming no user)", "900000001")
    .option("--url <url>", "the running server, its origin or its /mcp URL (default: http://<host>:<port>)")
    .addHelpText(
      "after",
      `
Examples:
  ./careem-mcp.sh token                                 Sara's token from the server ./.run/server.json names (else --port, default ${defaults.port})
  ./careem-mcp.sh token --user 900000002                Omar's
  curl -H "Authorization: Bearer $(./careem-mcp.sh token)" ...`,
    )
    .action(async (opts, command: Command) => {
      const { headlessSignIn, SignInError } = await import("../client/token/headlessSignIn.js");
      try {
        const at = opts.url === undefined ? await serverOf(opts, command) : undefined;
        const url = opts.url ?? `http://${at!.host.includes(":") ? `[${at!.host}]` : at!.host}:${at!.port}`;
        io.out.write(`${await headlessSignIn({ url, user: opts.user })}\n`);
        code = 0;
      } catch (err) {
        if (!(err instanceof SignInError)) throw err;
        io.err.write(`careem-mcp token: ${err.message}\n`);
        code = 1;
      }
    });

  try {
    await program.parseAsync(argv, { from: "user" });
  } catch (err) {
    // --help and --version end here with exit code 0; a usage mistake with commander's own code 1.
    if (err instanceof CommanderError) return err.exitCode === 0 ? 0 : USAGE_ERROR;
    if (err instanceof UsageError) {
      io.err.write(`careem-mcp: ${err.message}\n`);
      return USAGE_ERROR;
    }
    throw err;
  }
  return code;
}
