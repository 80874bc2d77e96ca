// Package tlsprobe tells whether a server speaks TLS, for the command
// lines (cmd/moonshine, cmd/moonshined health) to say so when a client
// dialled it the other way: a plaintext gRPC client meeting a TLS server
// sees only "error reading server preface", and a TLS client meeting a
// plaintext one only a failed handshake.
package tlsprobe

import (
	"context"
	"crypto/tls"
	"errors"
	"net"
	"time"
)

// Answer is what a probe found out.
type Answer int

const (
	// Unknown: nothing answered, or it answered in a way that tells
	// neither (the connection was refused, timed out, was closed).
	Unknown Answer = iota
	// TLS: the server completed a TLS handshake.
	TLS
	// Plaintext: the server answered the TLS handshake with bytes that are
	// no TLS record (an h2c or HTTP/1.1 server).
	Plaintext
)

// Timeout bounds a probe.
const Timeout = 2 * time.Second

// Probe opens a TCP connection to addr and tries a TLS handshake, checking
// no certificate (it sends nothing and only asks what the server speaks).
func Probe(ctx context.Context, addr string) Answer {
	ctx, cancel := context.WithTimeout(ctx, Timeout)
	defer cancel()
	raw, err := (&net.Dialer{}).DialContext(ctx, "tcp", addr)
	if err != nil {
		return Unknown
	}
	defer raw.Close()
	host, _, _ := net.SplitHostPort(addr)
	conn := tls.Client(raw, &tls.Config{InsecureSkipVerify: true, ServerName: host}) //nolint:gosec // a probe: nothing is sent
	err = conn.HandshakeContext(ctx)
	var rh tls.RecordHeaderError
	var alert tls.AlertError
	switch {
	case err == nil, errors.As(err, &alert): // a TLS alert is TLS too
		return TLS
	case errors.As(err, &rh):
		return Plaintext
	}
	return Unknown
}
