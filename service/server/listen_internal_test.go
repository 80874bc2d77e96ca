package server

import (
	"bytes"
	"io"
	"net"
	"testing"
	"time"

	"golang.org/x/net/http2"
)

// sorted starts a router on a loopback listener, sends what the client
// sends and returns which side got the connection and what that side
// reads of it.
func sorted(t *testing.T, send []byte) (side string, read []byte) {
	t.Helper()
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	r := &router{lis: lis, grpc: newHandoff(lis.Addr()), http: newHandoff(lis.Addr()), debugf: func(string, ...any) {}}
	go r.serve()
	defer lis.Close()
	c, err := net.Dial("tcp", lis.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if _, err := c.Write(send); err != nil {
		t.Fatal(err)
	}
	var got net.Conn
	select {
	case got = <-r.grpc.conns:
		side = "grpc"
	case got = <-r.http.conns:
		side = "http"
	case <-time.After(5 * time.Second):
		t.Fatal("the connection was given to neither side")
	}
	defer got.Close()
	_ = got.SetReadDeadline(time.Now().Add(200 * time.Millisecond))
	read, _ = io.ReadAll(got)
	return side, read
}

// frame is an HTTP/2 frame written by x/net/http2.
func frame(t *testing.T, write func(*http2.Framer) error) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := write(http2.NewFramer(&b, nil)); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestRouterSorts: HTTP/1.1 goes to net/http with its bytes intact; an
// HTTP/2 connection that sends no request in time goes to gRPC (without
// TLS); a SETTINGS acknowledgement, the router's, is dropped on the way to
// net/http, and only the first.
func TestRouterSorts(t *testing.T) {
	defer func(d time.Duration) { sniffTimeout = d }(sniffTimeout)
	sniffTimeout = 300 * time.Millisecond
	http1 := []byte("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
	if side, read := sorted(t, http1); side != "http" || !bytes.Equal(read, http1) {
		t.Errorf("HTTP/1.1: %s got %q", side, read)
	}
	settings := frame(t, func(f *http2.Framer) error { return f.WriteSettings() })
	idle := append([]byte(http2.ClientPreface), settings...)
	if side, read := sorted(t, idle); side != "grpc" || !bytes.Equal(read, idle) {
		t.Errorf("idle HTTP/2: %s got %q", side, read)
	}
	ack := frame(t, func(f *http2.Framer) error { return f.WriteSettingsAck() })
	ping := frame(t, func(f *http2.Framer) error { return f.WritePing(false, [8]byte{1}) })
	in := bytes.Join([][]byte{settings, ping, ack, ping, ack}, nil)
	out, err := io.ReadAll(&ackDropper{src: bytes.NewReader(in)})
	if want := bytes.Join([][]byte{settings, ping, ping, ack}, nil); err != nil || !bytes.Equal(out, want) {
		t.Errorf("ackDropper: %x, %v; want %x", out, err, want)
	}
}
