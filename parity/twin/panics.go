package main

// The go-sdk can panic inside a request handler (v1.6.1 to v1.8.0: `"arguments": null` on a tool
// whose input schema has a property default makes jsonschema-go assign into a nil map).
// Production runs that handler on a goroutine of its own with nothing to recover it, so its
// process dies: the client of that request sees its connection end, with whatever had been
// flushed to it before (and production restarts without its sessions). The twin must live on to
// record the other cases, so it records what that client sees and nothing else: the handler's
// panic becomes an error whose answer is never written (dropOnPanic), and the HTTP request is
// aborted as net/http aborts one, closing the connection without flushing the response.

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"sync/atomic"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// In the error the recovered panic becomes; the response writer drops any write carrying it.
const panicMarker = "TWIN: the go-sdk panicked here"

func surviveHandlerPanics(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (res mcp.Result, err error) {
		defer func() {
			if p := recover(); p != nil {
				res = nil
				err = &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: fmt.Sprintf("%s (production's process would exit): %v", panicMarker, p)}
			}
		}()
		return next(ctx, method, req)
	}
}

var errDropped = errors.New("twin: not written: production's process exits here")

// dropOnPanic writes through, except the answer of a request whose handler panicked.
type dropOnPanic struct {
	http.ResponseWriter
	dropped *atomic.Bool
}

func (d dropOnPanic) Write(p []byte) (int, error) {
	if bytes.Contains(p, []byte(panicMarker)) {
		d.dropped.Store(true)
		return 0, errDropped
	}
	return d.ResponseWriter.Write(p)
}

func (d dropOnPanic) Flush() {
	if d.dropped.Load() {
		return
	}
	if f, ok := d.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

// endOnPanic serves the request; if a handler panicked for it, the connection ends there, as
// when production's process exits (net/http closes an aborted request's connection unflushed).
func endOnPanic(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var dropped atomic.Bool
		next.ServeHTTP(dropOnPanic{ResponseWriter: w, dropped: &dropped}, r)
		if dropped.Load() {
			panic(http.ErrAbortHandler)
		}
	})
}
