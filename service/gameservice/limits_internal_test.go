package gameservice

import (
	"context"
	"net"
	"testing"

	"github.com/moonshine-games/moonshine/service/auth"
	"google.golang.org/grpc/peer"
)

// TestClientKey: creation counts by IPv4 address, by IPv6 /64 network (an
// IPv4-mapped address as IPv4), and ignores the credential.
func TestClientKey(t *testing.T) {
	from := func(addr string, c auth.Caller) context.Context {
		tcp, err := net.ResolveTCPAddr("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		return auth.With(peer.NewContext(context.Background(), &peer.Peer{Addr: tcp}), c)
	}
	seat := auth.Caller{Role: auth.SeatHolder, Key: "seat-hash"}
	cases := []struct{ a, b string }{
		{"192.0.2.1:1000", "192.0.2.1:2000"},
		{"[2001:db8:1:2::1]:1000", "[2001:db8:1:2:ffff::9]:2000"},
		{"[::ffff:192.0.2.1]:1000", "192.0.2.1:3000"},
	}
	for _, c := range cases {
		if ka, kb := clientKey(from(c.a, auth.Caller{})), clientKey(from(c.b, seat)); ka != kb {
			t.Errorf("%s and %s count apart: %q, %q", c.a, c.b, ka, kb)
		}
	}
	for _, pair := range [][2]string{{"192.0.2.1:1", "192.0.2.2:1"}, {"[2001:db8:1:2::1]:1", "[2001:db8:1:3::1]:1"}} {
		if clientKey(from(pair[0], auth.Caller{})) == clientKey(from(pair[1], auth.Caller{})) {
			t.Errorf("%s and %s count together", pair[0], pair[1])
		}
	}
	if k := limitKey(from("192.0.2.1:1", seat)); k != "seat-hash" {
		t.Errorf("acting counts against %q, want the credential", k)
	}
}
