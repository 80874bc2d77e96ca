package httpapi

import (
	"bytes"
	"encoding/base64"
	"github.com/moonshine-games/moonshine/service/edge"
	"io"
	"net/http"
	"strings"
)

// gRPC-Web's text mode (application/grpc-web-text, the default of Google's
// grpc-web client) is binary gRPC-Web in base64, both ways. The edge reads
// the request whole (it is one message: a browser's gRPC-Web has no client
// streams), decodes it and hands it on as binary gRPC-Web; the response is
// encoded as it is written, each flush ending with its padding so that a
// stream's messages reach the client as they are sent (as Envoy's gRPC-Web
// filter does).

// fromText turns a text-mode request into binary gRPC-Web, and returns
// the writer that encodes its response, or a refusal.
func (a *api) fromText(w http.ResponseWriter, r *http.Request, mt string) (*textWriter, error) {
	limit := int64(-1)
	if n := a.transcodeLimit(); n > 0 {
		limit = int64(base64.StdEncoding.EncodedLen(n+5)) + 64 // a message and its prefix, padded once per write
	}
	r.Header.Set("Content-Type", "application/grpc-web"+strings.TrimPrefix(mt, "application/grpc-web-text"))
	tw := &textWriter{ResponseWriter: w}
	tw.enc = base64.NewEncoder(base64.StdEncoding, tw.ResponseWriter)
	body := io.Reader(r.Body)
	if limit > 0 {
		body = io.LimitReader(body, limit+1)
	}
	text, err := io.ReadAll(body)
	switch {
	case err != nil:
		return tw, edge.Undecodable(nil, err)
	case limit > 0 && int64(len(text)) > limit:
		return tw, edge.MessageTooLarge(a.transcodeLimit())
	}
	raw, err := decodeText(text)
	if err != nil {
		return tw, edge.Undecodable(nil, err)
	}
	r.Body, r.ContentLength = io.NopCloser(bytes.NewReader(raw)), int64(len(raw))
	r.Header.Del("Content-Length")
	return tw, nil
}

// decodeText decodes base64 made of chunks each padded on its own.
func decodeText(text []byte) ([]byte, error) {
	text = bytes.Join(bytes.Fields(text), nil)
	var out []byte
	for len(text) > 0 {
		end := len(text)
		if i := bytes.IndexByte(text, '='); i >= 0 {
			for end = i; end < len(text) && text[end] == '='; end++ {
			}
		}
		enc := base64.RawStdEncoding
		if text[end-1] == '=' {
			enc = base64.StdEncoding
		}
		b, err := enc.AppendDecode(out, text[:end])
		if err != nil {
			return nil, err
		}
		out, text = b, text[end:]
	}
	return out, nil
}

// textWriter writes a binary gRPC-Web response as text mode.
type textWriter struct {
	http.ResponseWriter
	enc         io.WriteCloser
	wroteHeader bool
}

func (t *textWriter) WriteHeader(code int) {
	if t.wroteHeader {
		return
	}
	t.wroteHeader = true
	h := t.ResponseWriter.Header()
	if ct := h.Get("Content-Type"); strings.HasPrefix(ct, "application/grpc-web") {
		h.Set("Content-Type", "application/grpc-web-text"+strings.TrimPrefix(ct, "application/grpc-web"))
	}
	h.Del("Content-Length")
	t.ResponseWriter.WriteHeader(code)
}

func (t *textWriter) Write(b []byte) (int, error) {
	t.WriteHeader(http.StatusOK)
	return t.enc.Write(b)
}

// Flush implements http.Flusher: what was written so far goes out, padded.
func (t *textWriter) Flush() {
	t.WriteHeader(http.StatusOK)
	_ = t.enc.Close()
	t.enc = base64.NewEncoder(base64.StdEncoding, t.ResponseWriter)
	_ = http.NewResponseController(t.ResponseWriter).Flush()
}

// Unwrap lets http.ResponseController reach the connection.
func (t *textWriter) Unwrap() http.ResponseWriter { return t.ResponseWriter }

// close ends the response.
func (t *textWriter) close() {
	t.WriteHeader(http.StatusOK)
	_ = t.enc.Close()
}
