// The sign-in page shows what a client registered about itself: data, never markup.
import { describe, expect, it } from "vitest";
import { signInPage } from "../../src/server/auth/signInPage.js";

describe("sign-in page", () => {
  it("escapes the client's name, the resource and the request id", () => {
    const html = signInPage({ requestId: '"><img src=x>', clientName: "<script>alert(1)</script>", resource: "http://x/mcp?a=<b>&c='d'" });
    expect(html).not.toContain("<script>alert");
    expect(html).not.toContain("<img");
    expect(html).toContain("<strong>&#60;script&#62;alert(1)&#60;/script&#62;</strong>");
    expect(html).toContain('name="request" value="&#34;&#62;&#60;img src=x&#62;"');
    expect(html).toContain("<code>http://x/mcp?a=&#60;b&#62;&#38;c=&#39;d&#39;</code>");
  });
});
