// The dashboard as a widget host, for both kinds of widget. A replay puts a journal call into
// a fresh sandboxed frame: its input first, then its result.
//
// - MCP Apps (SEP-1865): JSON-RPC over postMessage. The widget asks `ui/initialize` and is
//   answered with host info, capabilities and host context (theme, display mode, the tool);
//   after its `ui/notifications/initialized` the host sends `ui/notifications/tool-input`, then
//   `ui/notifications/tool-result`. Its `tools/call` requests are relayed to this server.
// - ChatGPT Apps SDK: `window.openai` is set before the widget's scripts run with the call's
//   `toolInput`; once the frame has loaded, `toolOutput` arrives with `openai:set_globals`.
//   `window.openai.callTool` is relayed to this server the same way.
//
// Written by hand rather than with @modelcontextprotocol/ext-apps's AppBridge: the bridge needs
// the v2 SDK packages (@modelcontextprotocol/client and core, zod 4) bundled for the browser,
// and this page is served without a build step. The browser tests run the real ext-apps `App`
// in the frame, so this side is checked against the SDK, not against itself.
import { widgetDocument } from "./widgetDocument.js";

export const uiProtocolVersion = "2026-01-26";
const hostInfo = { name: "careem-mcp local dashboard", version: "1.0.0" };

function theme() {
  return window.matchMedia?.("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}

/** The MCP result a journal call answered with, as far as the journal kept it. */
export function resultOf(call) {
  const structuredContent = call.structuredContent ?? undefined;
  const text = structuredContent === undefined ? "" : JSON.stringify(structuredContent);
  return { content: [{ type: "text", text }], ...(structuredContent === undefined ? {} : { structuredContent }), isError: call.isError };
}

export class WidgetHost {
  /**
   * frame: the <iframe sandbox="allow-scripts">; widget: GET /_local/widget; callTool(name, args)
   * resolves a CallToolResult; log(direction, text) shows traffic to the person;
   * onLoadFailed(what, replay) hears of a script or stylesheet the frame could not load.
   */
  constructor({ frame, widget, callTool, log, onLoadFailed }) {
    this.onLoadFailed = onLoadFailed;
    this.frame = frame;
    this.widget = widget;
    this.callTool = callTool;
    this.log = log;
    this.current = null;
    window.addEventListener("message", (event) => this.receive(event));
  }

  /**
   * Replays `call` (a journal entry) into a fresh frame as a widget of `kind`. `source`: another
   * document than the widget resource (the demo widget: `{ html, csp, nonce, name }`).
   */
  replay(call, kind, tool, source) {
    const mcpApps = kind === "mcp-apps";
    this.current = { call, kind, tool, initialized: false, source: source ?? null };
    const globals = {
      toolInput: call.arguments ?? {},
      toolOutput: null,
      toolResponseMetadata: null,
      widgetState: null,
      theme: theme(),
      locale: navigator.language || "en-US",
      displayMode: "inline",
      maxHeight: 640,
      userAgent: { device: { type: "desktop" }, capabilities: { hover: true, touch: false } },
      safeArea: { insets: { top: 0, bottom: 0, left: 0, right: 0 } },
    };
    const html = source ? widgetDocument(source.html, { kind, csp: source.csp, globals, nonce: source.nonce }) : widgetDocument(this.widget.html ?? "", { kind, csp: this.widget.csp, globals });
    this.log("host", `replaying call ${call.id} (${call.tool}) into a new ${mcpApps ? "MCP Apps" : "window.openai"} frame${source ? ` (${source.name})` : ""}`);
    this.frame.onload = mcpApps ? null : () => this.sendOpenaiResult();
    this.frame.srcdoc = html;
  }

  post(message) {
    this.frame.contentWindow?.postMessage(message, "*");
  }

  notify(method, params) {
    this.log("host → widget", method);
    this.post({ jsonrpc: "2.0", method, params });
  }

  hostContext() {
    const { call, tool } = this.current;
    return {
      toolInfo: { id: call.id, tool: tool ?? { name: call.tool, inputSchema: { type: "object" } } },
      theme: theme(),
      displayMode: "inline",
      availableDisplayModes: ["inline"],
      containerDimensions: { maxHeight: 640, width: Math.round(this.frame.getBoundingClientRect().width) || 600 },
      locale: navigator.language || "en-US",
      timeZone: "Asia/Dubai",
      platform: "web",
      userAgent: navigator.userAgent,
      deviceCapabilities: { touch: false, hover: true },
    };
  }

  sendOpenaiResult() {
    const { call } = this.current ?? {};
    if (!call) return;
    this.log("host → widget", "openai:set_globals (toolOutput)");
    this.post({ type: "careem-mcp:set-globals", globals: { toolOutput: call.structuredContent ?? null, toolResponseMetadata: null } });
  }

  async receive(event) {
    if (!this.current || event.source !== this.frame.contentWindow) return;
    const data = event.data ?? {};
    if (data.type === "careem-mcp:load-failed") {
      this.log("widget → host", `load failed: ${data.what}`);
      return this.onLoadFailed?.(String(data.what), this.current);
    }
    if (data.type === "careem-mcp:openai") return this.answerOpenai(data);
    if (data.type === "careem-mcp:openai-ready" && this.current.kind !== "mcp-apps") return this.sendOpenaiResult();
    if (data.jsonrpc !== "2.0" || typeof data.method !== "string") return;
    if (data.id === undefined) return this.onNotification(data);
    this.log("widget → host", data.method);
    const reply = (body) => this.post({ jsonrpc: "2.0", id: data.id, ...body });
    try {
      reply({ result: await this.onRequest(data.method, data.params ?? {}) });
    } catch (err) {
      reply({ error: { code: err.code ?? -32603, message: err.message } });
    }
  }

  onNotification({ method, params }) {
    if (method === "ui/notifications/size-changed") {
      // Grow with the widget, within reason: the page stays readable.
      if (typeof params?.height === "number") this.frame.style.height = `${Math.min(Math.max(params.height, 120), 900)}px`;
      return;
    }
    this.log("widget → host", method === "notifications/message" ? `log: ${JSON.stringify(params?.data)}` : method);
    if (method === "ui/notifications/initialized" && !this.current.initialized) {
      this.current.initialized = true;
      const { call } = this.current;
      this.notify("ui/notifications/tool-input", { arguments: call.arguments ?? {} });
      this.notify("ui/notifications/tool-result", resultOf(call));
    }
  }

  async onRequest(method, params) {
    switch (method) {
      case "ui/initialize":
        return {
          protocolVersion: uiProtocolVersion,
          hostInfo,
          hostCapabilities: { serverTools: {}, logging: {}, updateModelContext: { text: {}, structuredContent: {} }, message: { text: {} }, sandbox: { csp: this.widget.csp ?? {} } },
          hostContext: this.hostContext(),
        };
      case "ping":
        return {};
      case "tools/call":
        return this.relay(params.name, params.arguments);
      case "ui/update-model-context":
      case "ui/message":
        // No model here: shown to the person, accepted.
        this.log("widget → host", `${method}: ${JSON.stringify(params).slice(0, 300)}`);
        return {};
      default: {
        const err = new Error(`${method} is not supported by the local dashboard's host`);
        err.code = -32601;
        throw err;
      }
    }
  }

  async relay(name, args) {
    this.log("host → server", `tools/call ${name} ${JSON.stringify(args ?? {})}`);
    return this.callTool(name, args ?? {});
  }

  async answerOpenai({ id, method, params }) {
    this.log("widget → host", `window.openai.${method}`);
    const answer = (body) => this.post({ type: "careem-mcp:openai-answer", id, ...body });
    try {
      if (method === "callTool") return answer({ result: await this.relay(params.name, params.arguments) });
      if (method === "setWidgetState" || method === "sendFollowUpMessage" || method === "requestDisplayMode") return answer({ result: method === "requestDisplayMode" ? { mode: "inline" } : {} });
      answer({ error: `window.openai.${method} is not supported by the local dashboard's host` });
    } catch (err) {
      answer({ error: err.message });
    }
  }
}
