// The ChatGPT widget resource `ui://careem-mcp-app`, exactly as production lists and serves it
// (its uri, name, MIME type and HTML); only the widget domain is configurable.

export const widgetUri = "ui://careem-mcp-app";
const mimeType = "text/html;profile=mcp-app";

/** Asset hosts the production widget loads images and media from, besides its own domain. */
const mediaDomains = [
  "https://careem.s3.eu-west-1.amazonaws.com",
  "https://d1a3f4spazzrp4.cloudfront.net",
  "https://careem-catalog-media.media.careem.com",
  "https://partner-mot-prod.media.careem.com",
];

function trimSlash(domain: string): string {
  return domain.replace(/\/+$/, "");
}

function widgetMeta(domain: string) {
  return {
    ui: {
      resourceUri: widgetUri,
      csp: {
        connectDomains: [domain],
        resourceDomains: [domain, ...mediaDomains],
        frameDomains: [],
        baseUriDomains: [],
      },
    },
    prefersBorder: false,
    domain,
    annotations: { ttlMs: 60000, destructiveHint: false, openWorldHint: false, readOnlyHint: true },
  };
}

function widgetHtml(domain: string): string {
  return [
    "<!DOCTYPE html>",
    '<html lang="en">',
    "<head>",
    '<meta charset="UTF-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1.0">',
    '<meta name="color-scheme" content="light dark">',
    "<title>Careem MCP App</title>",
    `<link rel="stylesheet" href="${domain}/assets/index.css">`,
    "</head>",
    "<body>",
    '<div id="root"></div>',
    `<script type="module" src="${domain}/assets/index.js"></script>`,
    "</body>",
    "</html>",
  ].join("\n");
}

export function listWidgetResources(widgetDomain: string) {
  const domain = trimSlash(widgetDomain);
  return {
    resources: [{ uri: widgetUri, name: widgetUri, description: "Careem Widget", mimeType, _meta: widgetMeta(domain) }],
  };
}

/** Field order as the Go SDK's ResourceContents marshals: uri, mimeType, text, _meta. */
export function readWidgetResource(widgetDomain: string) {
  const domain = trimSlash(widgetDomain);
  return { contents: [{ uri: widgetUri, mimeType, text: widgetHtml(domain), _meta: widgetMeta(domain) }] };
}
