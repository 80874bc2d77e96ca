package httpapi

import (
	"io"
	"net/http"
	"strings"
	"sync"
)

// inProcess is an http.RoundTripper that serves each request with a
// handler in this process, as a request of the client of from: its
// address and TLS state, so that the handler admits, limits and logs it
// as that client's. The response streams: its body is read as the handler
// writes it, and its trailers are there once the body ends. The REST watch
// (watch.go) calls the gRPC server through it with Connect's gRPC client.
type inProcess struct {
	h    http.Handler
	from *http.Request
}

// RoundTrip implements http.RoundTripper.
func (t inProcess) RoundTrip(req *http.Request) (*http.Response, error) {
	in := req.Clone(req.Context())
	in.RemoteAddr, in.TLS, in.Host = t.from.RemoteAddr, t.from.TLS, t.from.Host
	in.RequestURI = req.URL.RequestURI()
	in.Proto, in.ProtoMajor, in.ProtoMinor = "HTTP/2.0", 2, 0
	if in.Body == nil {
		in.Body = http.NoBody
	}
	body, pw := io.Pipe()
	w := &pipeWriter{header: http.Header{}, trailer: http.Header{}, body: pw, ready: make(chan struct{})}
	go func() {
		defer w.finish()
		t.h.ServeHTTP(w, in)
	}()
	<-w.ready
	return &http.Response{
		Status: http.StatusText(w.status), StatusCode: w.status,
		Proto: in.Proto, ProtoMajor: 2,
		Header: w.sent, Trailer: w.trailer, Body: body, ContentLength: -1, Request: req,
	}, nil
}

// pipeWriter is the handler's side of an in-process response.
type pipeWriter struct {
	header  http.Header // what the handler sets
	sent    http.Header // the header as it was when the response began
	trailer http.Header // filled when the handler returns, before the body ends
	status  int
	body    *io.PipeWriter
	once    sync.Once
	ready   chan struct{} // closed when the response begins
}

func (p *pipeWriter) Header() http.Header { return p.header }

func (p *pipeWriter) WriteHeader(code int) {
	p.once.Do(func() {
		p.status, p.sent = code, p.header.Clone()
		close(p.ready)
	})
}

func (p *pipeWriter) Write(b []byte) (int, error) {
	p.WriteHeader(http.StatusOK)
	return p.body.Write(b)
}

// Flush implements http.Flusher: a pipe holds nothing back.
func (p *pipeWriter) Flush() { p.WriteHeader(http.StatusOK) }

// finish collects the trailers (declared in the Trailer header, or set
// with http.TrailerPrefix, as net/http sends them) and ends the body.
func (p *pipeWriter) finish() {
	p.WriteHeader(http.StatusOK)
	for _, declared := range p.sent.Values("Trailer") {
		for _, k := range strings.Split(declared, ",") {
			k = http.CanonicalHeaderKey(strings.TrimSpace(k))
			if vv := p.header.Values(k); len(vv) > 0 {
				p.trailer[k] = vv
			}
		}
	}
	for k, vv := range p.header {
		if name, ok := strings.CutPrefix(k, http.TrailerPrefix); ok {
			p.trailer[http.CanonicalHeaderKey(name)] = vv
		}
	}
	_ = p.body.Close()
}
