// The sign-in page shows what a client registered about itself: data, never markup.
import { describe, expect, it } from "vitest";
import { signInPage } from "../../../src/server/auth/signInPage.js";

describe("sign-in page", () => {
  it("escapes the client's name, the resource and the request id", () => {
    const html = signInPage({ requestId: '"><img src=x>', clientName: "<script>alert(1)</script>", resource: "http://x/mcp?a=<b>&c='d'" });
    expect(html).not.toContain("<script>alert");
    expect(html).not.toContain("<img");
    expect(html).toContain("<strong>&#60;script&#62;alert(1)&#60;/script&#62;</strong>");
    expect(html).toContain('name="request" value="&#34;&#62;&#60;img src=x&#62;"');
    expect(html).toContain("<code>http://x/mcp?a=&#60;b&#62;&#38;c=&#39;d&#39;</code>");
  });

  it("names the client by its registered client_name, its id only as the small print", () => {
    const html = signInPage({ requestId: "r1", clientName: "Claude Code", clientId: "6f1c0b2e-uuid", resource: "http://127.0.0.1:8080/mcp" });
    expect(html).toContain("<p><strong>Claude Code</strong> asks to act for you at <code>http://127.0.0.1:8080/mcp</code>.</p>");
    expect(html).toContain('<p class="small">client id <code>6f1c0b2e-uuid</code></p>');
  });

  it("says so when the client registered no name, instead of showing its id as one", () => {
    const html = signInPage({ requestId: "r1", clientId: "6f1c0b2e-uuid", resource: "http://127.0.0.1:8080/mcp" });
    expect(html).toContain("<p><strong>A client that registered no name</strong> asks to act for you");
    expect(html).not.toContain("<strong>6f1c0b2e-uuid</strong>");
  });
});
