package main

// The catalog as production's Go server holds it: each tool an *mcp.Tool whose schemas are
// *jsonschema.Schema values, registered with the typed mcp.AddTool so the go-sdk validates the
// arguments (jsonschema-go) and the output, and re-marshals both as production does.

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type rawTool struct {
	Name         string               `json:"name"`
	Title        string               `json:"title"`
	Description  string               `json:"description"`
	Annotations  *mcp.ToolAnnotations `json:"annotations"`
	Meta         mcp.Meta             `json:"_meta"`
	InputSchema  json.RawMessage      `json:"inputSchema"`
	OutputSchema json.RawMessage      `json:"outputSchema"`
}

// objectKeys lists an object's keys in the order they are written.
func objectKeys(raw json.RawMessage) ([]string, map[string]json.RawMessage) {
	var m map[string]json.RawMessage
	if json.Unmarshal(raw, &m) != nil {
		return nil, nil
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	var keys []string
	if _, err := dec.Token(); err != nil {
		return nil, nil
	}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, nil
		}
		keys = append(keys, tok.(string))
		var skip json.RawMessage
		if dec.Decode(&skip) != nil {
			return nil, nil
		}
	}
	return keys, m
}

// keepPropertyOrder sets PropertyOrder from the definition's own order, as a schema built in Go
// code (jsonschema.For, or a literal with PropertyOrder) keeps its author's order. Without it
// jsonschema-go would sort properties alphabetically.
func keepPropertyOrder(s *jsonschema.Schema, raw json.RawMessage) {
	if s == nil {
		return
	}
	_, m := objectKeys(raw)
	if m == nil {
		return
	}
	if props, ok := m["properties"]; ok {
		keys, pm := objectKeys(props)
		s.PropertyOrder = keys
		for _, k := range keys {
			keepPropertyOrder(s.Properties[k], pm[k])
		}
	}
	if defs, ok := m["$defs"]; ok {
		keys, dm := objectKeys(defs)
		for _, k := range keys {
			keepPropertyOrder(s.Defs[k], dm[k])
		}
	}
	if items, ok := m["items"]; ok {
		keepPropertyOrder(s.Items, items)
	}
	if ap, ok := m["additionalProperties"]; ok {
		keepPropertyOrder(s.AdditionalProperties, ap)
	}
	for key, list := range map[string][]*jsonschema.Schema{"anyOf": s.AnyOf, "oneOf": s.OneOf, "allOf": s.AllOf} {
		var raws []json.RawMessage
		if json.Unmarshal(m[key], &raws) == nil {
			for i := range raws {
				if i < len(list) {
					keepPropertyOrder(list[i], raws[i])
				}
			}
		}
	}
}

func schemaOf(raw json.RawMessage) (*jsonschema.Schema, error) {
	if len(raw) == 0 {
		return nil, nil
	}
	var s jsonschema.Schema
	if err := json.Unmarshal(raw, &s); err != nil {
		return nil, err
	}
	keepPropertyOrder(&s, raw)
	return &s, nil
}

// callResult is the part of the local build's tools/call answer the twin passes on.
type callResult struct {
	Content []struct {
		Text string `json:"text"`
	} `json:"content"`
	StructuredContent json.RawMessage `json:"structuredContent"`
	IsError           bool            `json:"isError"`
}

func addTools(server *mcp.Server, local *localBuild, toolsList json.RawMessage) (int, error) {
	var list struct {
		Tools []rawTool `json:"tools"`
	}
	if err := json.Unmarshal(toolsList, &list); err != nil {
		return 0, err
	}
	for _, rt := range list.Tools {
		in, err := schemaOf(rt.InputSchema)
		if err != nil {
			return 0, fmt.Errorf("%s inputSchema: %w", rt.Name, err)
		}
		out, err := schemaOf(rt.OutputSchema)
		if err != nil {
			return 0, fmt.Errorf("%s outputSchema: %w", rt.Name, err)
		}
		tool := &mcp.Tool{Name: rt.Name, Title: rt.Title, Description: rt.Description, Annotations: rt.Annotations, Meta: rt.Meta, InputSchema: in}
		if out != nil {
			tool.OutputSchema = out
		}
		name := rt.Name
		mcp.AddTool(server, tool, func(ctx context.Context, req *mcp.CallToolRequest, args map[string]any) (*mcp.CallToolResult, json.RawMessage, error) {
			// The arguments as the go-sdk hands them to production's handler: validated, with
			// schema defaults applied.
			if args == nil {
				args = map[string]any{}
			}
			answerer, err := local.forSession(req.Session.ID())
			if err != nil {
				return nil, nil, err
			}
			raw, err := answerer.call("tools/call", map[string]any{"name": name, "arguments": args})
			if err != nil {
				return nil, nil, err
			}
			var r callResult
			if err := json.Unmarshal(raw, &r); err != nil {
				return nil, nil, err
			}
			text := ""
			if len(r.Content) > 0 {
				text = r.Content[0].Text
			}
			if r.IsError {
				if strings.HasPrefix(text, `validating "arguments"`) {
					// Never pass this on as if it were business data: the difference must show.
					return nil, nil, fmt.Errorf("TWIN: the go-sdk accepted these arguments but the local build refused them: %s", text)
				}
				return nil, nil, errors.New(text)
			}
			return nil, r.StructuredContent, nil
		})
	}
	return len(list.Tools), nil
}

// addWidget registers the widget resource with the local build's listing and contents, its
// _meta held as production holds it (mcp.Meta, a map).
func addWidget(server *mcp.Server, local *localBuild) error {
	rawList, err := local.call("resources/list", map[string]any{})
	if err != nil {
		return err
	}
	var list struct {
		Resources []*mcp.Resource `json:"resources"`
	}
	if err := json.Unmarshal(rawList, &list); err != nil {
		return err
	}
	for _, res := range list.Resources {
		rawRead, err := local.call("resources/read", map[string]any{"uri": res.URI})
		if err != nil {
			return err
		}
		var read mcp.ReadResourceResult
		if err := json.Unmarshal(rawRead, &read); err != nil {
			return err
		}
		server.AddResource(res, func(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
			// A result of its own per read: from v1.7.0 go-sdk writes resultType and
			// _meta serverInfo into a 2026-07-28 request's result, and a shared one
			// would carry them into every later read, legacy ones included.
			own := read
			return &own, nil
		})
	}
	return nil
}
