// Command twin is the parity twin: a server built on the official Go MCP SDK, as production is,
// serving the local catalog. The corpus runner records its answers as the snapshots that
// `npm run parity` holds the local build to.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	"os"
	"os/signal"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func main() {
	node := flag.String("node", "node", "node binary")
	cli := flag.String("cli", "dist/cli.js", "the local build's cli.js, which supplies the catalog and the business answers")
	tools := flag.String("tools", "tools", "tools directory")
	runDir := flag.String("run-dir", "", "run-state directory for the local build child (required unless -local-url)")
	localURL := flag.String("local-url", "", "a running local build's /mcp URL to take answers from instead of a child process")
	definitions := flag.String("definitions", "", `a JSON file {"tools":[...]} of the catalog's json tool blocks as written (else the local build's tools/list)`)
	stdio := flag.Bool("stdio", false, "serve over stdin/stdout instead of HTTP")
	port := flag.Int("port", 0, "HTTP port (0 picks a free one)")
	version := flag.String("service-version", "v1.0.0", "serverInfo.version")
	bodyLimit := flag.Int64("body-limit", 4*1024*1024, "largest request body")
	stateless := flag.Bool("stateless", false, "serve HTTP as StreamableHTTPOptions.Stateless = true does (a temporary session per request; the 2026-07-28 era on go-sdk >= v1.7.0)")
	flag.Parse()
	var local *localBuild
	var err error
	if *localURL != "" {
		local, err = connectLocal(*localURL)
		if err == nil && *stateless {
			local.freshPerCall = true
		}
	} else if *runDir == "" {
		log.Fatal("twin: -run-dir or -local-url is required")
	} else {
		local, err = startLocal(*node, *cli, *tools, *runDir)
	}
	if err != nil {
		log.Fatalf("twin: starting the local build: %v", err)
	}
	defer local.stop()

	server := mcp.NewServer(&mcp.Implementation{Name: "careem-mcp-service", Version: *version}, nil)
	server.AddReceivingMiddleware(surviveHandlerPanics)
	// The definitions as the tool files write them, so nothing the local build does to them on
	// the wire can hide in what the twin registers.
	var toolsList json.RawMessage
	if *definitions != "" {
		toolsList, err = os.ReadFile(*definitions)
	} else {
		toolsList, err = local.call("tools/list", map[string]any{})
	}
	if err != nil {
		log.Fatalf("twin: tool definitions: %v", err)
	}
	n, err := addTools(server, local, toolsList)
	if err != nil {
		log.Fatalf("twin: %v", err)
	}
	if err := addWidget(server, local); err != nil {
		log.Fatalf("twin: widget resource: %v", err)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()

	if *stdio {
		if err := server.Run(ctx, &mcp.StdioTransport{}); err != nil && ctx.Err() == nil {
			log.Printf("twin: %v", err)
		}
		return
	}

	streamable := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return server }, &mcp.StreamableHTTPOptions{SessionTimeout: 30 * time.Minute, Stateless: *stateless})
	sse := mcp.NewSSEHandler(func(*http.Request) *mcp.Server { return server }, nil)
	mux := http.NewServeMux()
	mux.Handle("/mcp", host(endOnPanic(streamable), *bodyLimit))
	mux.Handle("/sse", host(sse, *bodyLimit))

	ln, err := net.Listen("tcp", fmt.Sprintf("127.0.0.1:%d", *port))
	if err != nil {
		log.Fatalf("twin: %v", err)
	}
	mode := "streamable HTTP"
	if *stateless {
		mode = "streamable HTTP, stateless"
	}
	fmt.Fprintf(os.Stderr, "twin: %d tools; listening on http://%s/mcp (%s) and http://%s/sse (SSE)\n", n, ln.Addr(), mode, ln.Addr())
	srv := &http.Server{Handler: mux}
	go func() {
		<-ctx.Done()
		srv.Close()
	}()
	if err := srv.Serve(ln); err != nil && err != http.ErrServerClosed {
		log.Fatalf("twin: %v", err)
	}
}

// host is the little production puts around the go-sdk handler: CORS with every origin, method
// and header allowed, and a body limit. This layer is production's own code, not the SDK's, so it
// is taken from what is written of production, not measured: cases that reach it say so in
// allowed-differences.md.
func host(next http.Handler, limit int64) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Access-Control-Allow-Origin", "*")
		h.Set("Access-Control-Allow-Methods", "*")
		h.Set("Access-Control-Allow-Headers", "*")
		h.Set("Access-Control-Expose-Headers", "Mcp-Session-Id")
		if r.Method == http.MethodOptions {
			w.WriteHeader(http.StatusOK)
			return
		}
		r.Body = http.MaxBytesReader(w, r.Body, limit)
		next.ServeHTTP(w, r)
	})
}
