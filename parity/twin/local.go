package main

// The local build as an answer source: one `node dist/cli.js --stdio` child, spoken to in
// newline-delimited JSON-RPC. The twin asks it for the catalog (tools/list, the widget
// resource) and, per tools/call the go-sdk has validated, for the structured output the local
// engine renders, so the twin's business data is the local build's by construction.

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"sync"
)

type localBuild struct {
	mu sync.Mutex
	// url: a running local build's /mcp to ask over HTTP instead of a child process (recording
	// starts one, so the many short-lived stdio twins need not each start node).
	url     string
	session string
	cmd     *exec.Cmd
	in      io.WriteCloser
	out     *bufio.Reader
	nextID  int
	// Over HTTP, one local session per twin session (see forSession).
	perSession map[string]*localBuild
	// freshPerCall: the twin serves statelessly, where go-sdk gives every request a temporary
	// session whose id is random or whatever the client sent, so no id names a case. A fresh
	// local session per call keeps concurrent cases from seeing each other's bookings; what
	// production keeps across stateless requests lives in its own backend, not in the SDK.
	freshPerCall bool
}

// forSession is the local build session that answers for one twin session. The local build
// keeps state per MCP session (a booked ride shows in that session's history), so the cases of
// the corpus, each a twin session of its own, must not share one local session: an earlier
// case's booking would change a later case's answer. A stdio child is one session already.
func (l *localBuild) forSession(id string) (*localBuild, error) {
	if l.freshPerCall {
		return connectLocal(l.url)
	}
	if l.url == "" || id == "" {
		return l, nil
	}
	l.mu.Lock()
	if l.perSession == nil {
		l.perSession = map[string]*localBuild{}
	}
	own, ok := l.perSession[id]
	l.mu.Unlock()
	if ok {
		return own, nil
	}
	own, err := connectLocal(l.url)
	if err != nil {
		return nil, err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if first, ok := l.perSession[id]; ok {
		return first, nil
	}
	l.perSession[id] = own
	return own, nil
}

type rpcReply struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Result json.RawMessage `json:"result"`
	Error  *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

func startLocal(node, cli, tools, runDir string) (*localBuild, error) {
	cmd := exec.Command(node, cli, "--stdio", "--tools", tools, "--run-dir", runDir)
	cmd.Stderr = io.Discard
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	l := &localBuild{cmd: cmd, in: in, out: bufio.NewReaderSize(out, 1<<20)}
	if _, err := l.call("initialize", map[string]any{"protocolVersion": "2025-06-18", "capabilities": map[string]any{}, "clientInfo": map[string]any{"name": "parity-twin", "version": "1"}}); err != nil {
		return nil, fmt.Errorf("initialize: %w", err)
	}
	if err := l.send(map[string]any{"jsonrpc": "2.0", "method": "notifications/initialized"}); err != nil {
		return nil, err
	}
	return l, nil
}

func (l *localBuild) send(msg any) error {
	b, err := json.Marshal(msg)
	if err != nil {
		return err
	}
	_, err = l.in.Write(append(b, '\n'))
	return err
}

// call sends one request and returns its result, skipping notifications in between.
func (l *localBuild) call(method string, params any) (json.RawMessage, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.nextID++
	id := l.nextID
	if l.url != "" {
		return l.callHTTP(id, method, params)
	}
	if err := l.send(map[string]any{"jsonrpc": "2.0", "id": id, "method": method, "params": params}); err != nil {
		return nil, err
	}
	for {
		line, err := l.out.ReadBytes('\n')
		if err != nil {
			return nil, fmt.Errorf("local build stdout: %w", err)
		}
		var r rpcReply
		if err := json.Unmarshal(line, &r); err != nil {
			return nil, fmt.Errorf("local build wrote %q: %w", line, err)
		}
		if r.Method != "" || string(r.ID) != fmt.Sprint(id) {
			continue
		}
		if r.Error != nil {
			return nil, fmt.Errorf("local build: %d %s", r.Error.Code, r.Error.Message)
		}
		return r.Result, nil
	}
}

func (l *localBuild) stop() {
	if l.cmd == nil {
		return
	}
	l.in.Close()
	if l.cmd.Process != nil {
		l.cmd.Process.Signal(os.Interrupt)
	}
	l.cmd.Wait()
}

func connectLocal(url string) (*localBuild, error) {
	l := &localBuild{url: url}
	if _, err := l.call("initialize", map[string]any{"protocolVersion": "2025-06-18", "capabilities": map[string]any{}, "clientInfo": map[string]any{"name": "parity-twin", "version": "1"}}); err != nil {
		return nil, fmt.Errorf("initialize: %w", err)
	}
	return l, nil
}

func (l *localBuild) callHTTP(id int, method string, params any) (json.RawMessage, error) {
	body, err := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "method": method, "params": params})
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequest(http.MethodPost, l.url, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	if l.session != "" {
		req.Header.Set("Mcp-Session-Id", l.session)
		req.Header.Set("Mcp-Protocol-Version", "2025-06-18")
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, err
	}
	defer res.Body.Close()
	if sid := res.Header.Get("Mcp-Session-Id"); sid != "" {
		l.session = sid
	}
	text, err := io.ReadAll(res.Body)
	if err != nil {
		return nil, err
	}
	// An SSE body: the answer is the data line whose id is ours.
	for _, line := range strings.Split(string(text), "\n") {
		data, ok := strings.CutPrefix(line, "data: ")
		if !ok {
			continue
		}
		var r rpcReply
		if json.Unmarshal([]byte(data), &r) != nil || r.Method != "" || string(r.ID) != fmt.Sprint(id) {
			continue
		}
		if r.Error != nil {
			return nil, fmt.Errorf("local build: %d %s", r.Error.Code, r.Error.Message)
		}
		return r.Result, nil
	}
	return nil, fmt.Errorf("local build answered %d without a result: %s", res.StatusCode, text)
}
