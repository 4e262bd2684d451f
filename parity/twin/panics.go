package main

// The go-sdk can panic inside a request handler (v1.6.1: `"arguments": null` on a tool whose
// input schema has a default makes jsonschema-go assign into a nil map). Production runs that
// handler on a goroutine of its own with nothing to recover it, so the whole process dies. The
// twin must live on to record the other cases, so it turns the panic into an error whose text
// says what production would do; allowed-differences.md lists the cases.

import (
	"context"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func surviveHandlerPanics(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (res mcp.Result, err error) {
		defer func() {
			if p := recover(); p != nil {
				res = nil
				err = &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: fmt.Sprintf("TWIN: the go-sdk panicked here (production's process would exit): %v", p)}
			}
		}()
		return next(ctx, method, req)
	}
}
