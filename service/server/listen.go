package server

import (
	"bytes"
	"crypto/tls"
	"errors"
	"github.com/moonshine-games/moonshine/service/httpapi"
	"io"
	"mime"
	"net"
	"strings"
	"sync"
	"syscall"
	"time"

	"golang.org/x/net/http2"
	"golang.org/x/net/http2/hpack"
)

// One port serves every client. Serve sorts each connection it accepts
// (after the TLS handshake, when TLS is on) by its first request:
//
//   - HTTP/2 whose first request is gRPC (content-type application/grpc,
//     not gRPC-Web) from a client, not a proxy: grpc-go's own transport
//     (grpc.Server.Serve), which keeps a stream in a fraction of net/http's
//     memory and batches the writes of all a connection's streams;
//   - anything else (HTTP/1.1, HTTP/2 whose first request is gRPC-Web, the
//     Connect protocol, REST, the web app, or carries a proxy's forwarding
//     header): net/http and the handler of http.go, which reaches the same
//     grpc.Server through its ServeHTTP.
//
// A connection keeps the side its first request chose: a gRPC call on a
// connection that began otherwise is served through ServeHTTP all the
// same; a non-gRPC request on a connection that began with gRPC is
// refused by gRPC's transport (415). No gRPC client sends one; a proxy
// that carries every protocol on shared HTTP/2 connections might, which is
// why a forwarded request goes to net/http, and why Config.GRPCViaHTTP
// exists for a proxy that adds no forwarding header.
// An HTTP/2 connection that sends no request within sniffTimeout of its
// preface goes to gRPC without TLS (a gRPC channel connected ahead of its
// first call: no browser speaks HTTP/2 without TLS) and to net/http with
// TLS (a browser's preconnected socket, or a gRPC channel, which net/http
// serves as well).
//
// To see the first request's headers the router must answer the client's
// preface with its own SETTINGS frame (gRPC clients wait for the server's
// before they send anything). The server the connection goes to then
// sends its SETTINGS too, so the client acknowledges two: gRPC's
// transport ignores acknowledgements, and net/http's, which counts them,
// does not see the router's (ackDropper).

// sniffTimeout bounds how long a new connection may take to show what it
// is: its TLS handshake and its first request line or HTTP/2 preface, and
// an HTTP/2 connection its first request's headers.
var sniffTimeout = 10 * time.Second

// maxSniffHeaderBytes caps the first request's headers the router reads,
// as http.Server.MaxHeaderBytes caps them for net/http.
const maxSniffHeaderBytes = httpapi.MaxHeaderBytes

// router serves one listener: it accepts connections, sorts them and
// hands them to the gRPC server's listener or the HTTP server's.
type router struct {
	lis        net.Listener
	tls        *tls.Config // nil: plaintext
	grpc, http *handoff
	debugf     func(msg string, args ...any)
}

// serve accepts until lis is closed, backing off on errors that pass
// (too many open files), as net/http does.
func (r *router) serve() error {
	var pause time.Duration
	for {
		c, err := r.lis.Accept()
		if err != nil {
			var ne net.Error
			if errors.As(err, &ne) && ne.Timeout() || errors.Is(err, syscall.EMFILE) || errors.Is(err, syscall.ENFILE) {
				pause = min(max(2*pause, 5*time.Millisecond), time.Second)
				time.Sleep(pause)
				continue
			}
			return err
		}
		pause = 0
		go r.route(c)
	}
}

// route sorts one connection and hands it on.
func (r *router) route(c net.Conn) {
	_ = c.SetDeadline(time.Now().Add(sniffTimeout))
	if r.tls != nil {
		tc := tls.Server(c, r.tls)
		if err := tc.Handshake(); err != nil {
			r.debugf("TLS handshake failed", "remote", c.RemoteAddr().String(), "err", err)
			_ = c.Close()
			return
		}
		if tc.ConnectionState().NegotiatedProtocol != http2.NextProtoTLS {
			_ = c.SetDeadline(time.Time{})
			r.http.give(tc) // HTTP/1.1: net/http sees the *tls.Conn, sets Request.TLS
			return
		}
		c = tc
	}
	to, conn, err := r.sniff(c)
	if err != nil {
		r.debugf("connection closed before its first request", "remote", c.RemoteAddr().String(), "err", err)
		_ = c.Close()
		return
	}
	_ = c.SetDeadline(time.Time{})
	to.give(conn)
}

// sniff reads the start of c and returns where it goes, with a conn that
// reads again what sniff read.
func (r *router) sniff(c net.Conn) (*handoff, net.Conn, error) {
	var seen bytes.Buffer
	in := io.TeeReader(c, &seen)
	if ok, err := readPreface(in); err != nil {
		return nil, nil, err
	} else if !ok {
		return r.http, replay(c, seen.Bytes(), nil), nil
	}
	if _, err := c.Write(emptySettings); err != nil {
		return nil, nil, err
	}
	grpcFirst, err := firstRequestIsGRPC(in)
	var ne net.Error
	switch {
	case errors.As(err, &ne) && ne.Timeout():
		grpcFirst = r.tls == nil
	case err != nil:
		return nil, nil, err
	}
	if grpcFirst {
		return r.grpc, replay(c, seen.Bytes(), nil), nil
	}
	return r.http, replay(c, seen.Bytes()[:len(http2.ClientPreface)], &ackDropper{src: io.MultiReader(bytes.NewReader(seen.Bytes()[len(http2.ClientPreface):]), c)}), nil
}

// emptySettings is a SETTINGS frame with no settings: the server's
// preface, with every setting at its default until the real server's own.
var emptySettings = []byte{0, 0, 0, 0x4, 0, 0, 0, 0, 0}

// readPreface reads the HTTP/2 client preface, or as much of the start as
// shows that it is not one (HTTP/1.1 then).
func readPreface(in io.Reader) (bool, error) {
	want := []byte(http2.ClientPreface)
	buf := make([]byte, len(want))
	for n := 0; n < len(want); {
		m, err := in.Read(buf[n:])
		if !bytes.Equal(buf[n:n+m], want[n:n+m]) {
			return false, nil
		}
		n += m
		if err != nil && n < len(want) {
			return false, err
		}
	}
	return true, nil
}

// firstRequestIsGRPC reads HTTP/2 frames up to the first request's
// headers and reports whether it is a gRPC call.
func firstRequestIsGRPC(in io.Reader) (bool, error) {
	fr := http2.NewFramer(io.Discard, in)
	fr.ReadMetaHeaders = hpack.NewDecoder(4096, nil)
	fr.MaxHeaderListSize = maxSniffHeaderBytes
	for {
		f, err := fr.ReadFrame()
		if err != nil {
			return false, err
		}
		if h, ok := f.(*http2.MetaHeadersFrame); ok {
			ct, proxied := requestKind(h)
			return !proxied && isGRPC(h.PseudoValue("method"), ct), nil
		}
	}
}

// requestKind returns a request's content type, and whether a proxy
// forwarded it (a forwarding header: Forwarded, Via, X-Forwarded-*,
// Envoy's X-Envoy-*). A proxy may carry every protocol of its clients on
// one HTTP/2 connection, which only net/http serves.
func requestKind(h *http2.MetaHeadersFrame) (ct string, proxied bool) {
	for _, f := range h.RegularFields() {
		switch {
		case f.Name == "content-type":
			ct = f.Value
		case f.Name == "forwarded", f.Name == "via", strings.HasPrefix(f.Name, "x-forwarded-"), strings.HasPrefix(f.Name, "x-envoy-"):
			proxied = true
		}
	}
	return ct, proxied
}

// isGRPC reports whether a request is a gRPC call: a POST of
// application/grpc or application/grpc+codec (gRPC-Web is
// application/grpc-web and is not).
func isGRPC(method, ct string) bool {
	mt, _, err := mime.ParseMediaType(ct)
	return err == nil && method == "POST" && (mt == "application/grpc" || strings.HasPrefix(mt, "application/grpc+"))
}

// replay returns c reading first the bytes already read, then from
// filtered (or c itself when filtered is nil).
func replay(c net.Conn, read []byte, filtered io.Reader) net.Conn {
	rest := io.Reader(c)
	if filtered != nil {
		rest = filtered
	}
	return &sniffedConn{Conn: c, r: io.MultiReader(bytes.NewReader(bytes.Clone(read)), rest)}
}

// sniffedConn is a connection whose first bytes were read by the router.
type sniffedConn struct {
	net.Conn
	r io.Reader
}

func (c *sniffedConn) Read(p []byte) (int, error) { return c.r.Read(p) }

// CloseWrite half-closes the connection when it can, as net/http does
// before it closes a connection whose request it refused.
func (c *sniffedConn) CloseWrite() error {
	if cw, ok := c.Conn.(interface{ CloseWrite() error }); ok {
		return cw.CloseWrite()
	}
	return nil
}

// ackDropper passes HTTP/2 frames through but the first SETTINGS
// acknowledgement, which answers the router's SETTINGS.
type ackDropper struct {
	src     io.Reader
	hdr     [9]byte
	pending []byte // frame header bytes not yet passed on
	payload int    // payload bytes of the current frame not yet passed on
	dropped bool
}

func (d *ackDropper) Read(p []byte) (int, error) {
	for {
		switch {
		case len(d.pending) > 0:
			n := copy(p, d.pending)
			d.pending = d.pending[n:]
			return n, nil
		case d.dropped:
			return d.src.Read(p)
		case d.payload > 0:
			n, err := d.src.Read(p[:min(len(p), d.payload)])
			d.payload -= n
			return n, err
		}
		if _, err := io.ReadFull(d.src, d.hdr[:]); err != nil {
			return 0, err
		}
		length := int(d.hdr[0])<<16 | int(d.hdr[1])<<8 | int(d.hdr[2])
		if http2.FrameType(d.hdr[3]) == http2.FrameSettings && http2.Flags(d.hdr[4]).Has(http2.FlagSettingsAck) && length == 0 {
			d.dropped = true
			continue
		}
		d.pending, d.payload = d.hdr[:], length
	}
}

// handoff is a net.Listener whose connections the router gives it.
type handoff struct {
	addr      net.Addr
	conns     chan net.Conn
	done      chan struct{}
	closeOnce sync.Once
}

func newHandoff(addr net.Addr) *handoff {
	return &handoff{addr: addr, conns: make(chan net.Conn), done: make(chan struct{})}
}

// give hands c to the listener's server, or closes it if the listener is
// closed.
func (h *handoff) give(c net.Conn) {
	select {
	case h.conns <- c:
	case <-h.done:
		_ = c.Close()
	}
}

// Accept implements net.Listener.
func (h *handoff) Accept() (net.Conn, error) {
	select {
	case c := <-h.conns:
		return c, nil
	case <-h.done:
		return nil, net.ErrClosed
	}
}

// Close implements net.Listener.
func (h *handoff) Close() error {
	h.closeOnce.Do(func() { close(h.done) })
	return nil
}

// Addr implements net.Listener.
func (h *handoff) Addr() net.Addr { return h.addr }
