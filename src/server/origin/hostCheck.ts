// DNS-rebinding protection: a server bound to loopback only answers requests
// addressed to a loopback name. A web page on evil.example that rebinds its name to 127.0.0.1
// still sends `Host: evil.example`, and gets 403. A tunnel forwards its public name as the Host;
// `--allowed-host` names it, and every other name still gets 403.
import net from "node:net";
import type { NextFunction, Request, Response } from "express";
import { protocolErrors } from "../wire/protocolErrors.js";
import { sendProtocolError } from "../wire/sendRpcError.js";

export function isLoopbackName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/^\[|\]$/g, "");
  if (name === "localhost" || name.endsWith(".localhost")) return true;
  if (net.isIPv4(name)) return name.startsWith("127.");
  return name === "::1";
}

/** The hostname of a Host header value: `[::1]:8080` -> `::1`, `localhost:80` -> `localhost`. */
export function hostnameOf(hostHeader: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(hostHeader);
  if (bracketed) return bracketed[1] ?? "";
  return hostHeader.replace(/:\d+$/, "");
}

/** Is this hostname one of the `--allowed-host` names (exact, case-insensitive, port ignored)? */
export function isAllowedName(hostname: string, allowedHosts: readonly string[]): boolean {
  const name = hostname.toLowerCase();
  return allowedHosts.some((allowed) => hostnameOf(allowed).toLowerCase() === name);
}

/**
 * The one answer to "may this Host header be served?": every name when bound elsewhere than
 * loopback; otherwise loopback names and the --allowed-host names. The MCP endpoints ask it in
 * the go-sdk's order of checks (goWire/goHttp.ts); every other route asks it through hostCheck.
 */
export function allowsHost(boundHost: string, allowedHosts: readonly string[], log?: (line: string) => void): (hostHeader: string) => boolean {
  if (!isLoopbackName(boundHost)) return () => true;
  const told = log ? refusalsTold(log) : undefined;
  return (hostHeader) => {
    const name = hostnameOf(hostHeader);
    const ok = isLoopbackName(name) || isAllowedName(name, allowedHosts);
    if (!ok && told) tellRefusal(told, log!, name, hostHeader);
    return ok;
  };
}

/**
 * The 403 body is the go-sdk's (`invalid Host header`) and names no fix, so the person running
 * the server is told in the log, once per name: the name refused and the option that lets it in.
 * Once per log, shared by every route that checks (a tunnel's name would otherwise fill the log).
 */
const toldByLog = new WeakMap<(line: string) => void, Set<string>>();
const mostNamesTold = 100;

function refusalsTold(log: (line: string) => void): Set<string> {
  let told = toldByLog.get(log);
  if (!told) toldByLog.set(log, (told = new Set()));
  return told;
}

function tellRefusal(told: Set<string>, log: (line: string) => void, name: string, hostHeader: string): void {
  const key = name.toLowerCase();
  if (told.has(key) || told.size >= mostNamesTold) return;
  told.add(key);
  log(`refused Host ${JSON.stringify(hostHeader)} with 403 (DNS-rebinding protection: loopback names only); if this name is yours (a tunnel's), start the server with --allowed-host ${name || "NAME"}`);
}

export function hostCheck(boundHost: string, allowedHosts: readonly string[] = [], log?: (line: string) => void) {
  const allowed = allowsHost(boundHost, allowedHosts, log);
  return (req: Request, res: Response, next: NextFunction): void => {
    const host = req.headers.host ?? "";
    if (allowed(host)) return next();
    const what = allowedHosts.length > 0 ? "a loopback name or an --allowed-host name" : "a loopback name";
    sendProtocolError(res, protocolErrors.forbiddenHost(host, what));
  };
}
