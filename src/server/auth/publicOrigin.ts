// The origin a client sees this server at, which names the resource, the issuer and every
// discovery URL. `--public-url` wins. Otherwise the request's Host, with a tunnel's forwarded
// name and scheme believed only when they name an `--allowed-host`: a tunnel terminates HTTPS
// and forwards plain HTTP, but the client must be told https. Nobody else's X-Forwarded-* is read.
import type { Request } from "express";
import type { Config } from "../../config.js";
import { hostnameOf, isAllowedName } from "../origin/hostCheck.js";

function first(value: string | string[] | undefined): string | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  return text?.split(",")[0]?.trim() || undefined;
}

export function publicOrigin(req: Request, config: Pick<Config, "publicUrl" | "allowedHosts">): string {
  if (config.publicUrl) return config.publicUrl;
  const tunnel = (name: string | undefined) => name !== undefined && isAllowedName(hostnameOf(name), config.allowedHosts);
  const forwardedHost = first(req.headers["x-forwarded-host"]);
  const host = tunnel(forwardedHost) ? (forwardedHost as string) : (req.headers.host ?? "localhost");
  const forwardedProto = first(req.headers["x-forwarded-proto"])?.toLowerCase();
  const proto = tunnel(host) && (forwardedProto === "https" || forwardedProto === "http") ? forwardedProto : "http";
  return `${proto}://${host}`;
}
