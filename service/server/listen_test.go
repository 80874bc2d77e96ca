package server_test

import (
	"crypto/tls"
	"io"
	"net/http"
	"strings"
	"testing"

	"connectrpc.com/connect"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/eventstore/memstore"
	"github.com/moonshine-games/moonshine/service/server"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/metadata"
)

// servedNatively reports whether a gRPC call on conn was served by gRPC's
// own transport: through net/http (grpc.Server.ServeHTTP) a response
// declares its trailers in a Trailer header, on gRPC's transport it does
// not.
func servedNatively(t *testing.T, conn *grpc.ClientConn) bool {
	t.Helper()
	return servedNativelyAs(t, conn, nil)
}

// servedNativelyAs is servedNatively for a call with the headers md.
func servedNativelyAs(t *testing.T, conn *grpc.ClientConn, md metadata.MD) bool {
	t.Helper()
	var hdr metadata.MD
	ctx := metadata.NewOutgoingContext(t.Context(), md)
	_, err := moonshinev1.NewGameServiceClient(conn).ListRules(ctx, &moonshinev1.ListRulesRequest{}, grpc.Header(&hdr))
	if err != nil {
		t.Fatal(err)
	}
	return len(hdr.Get("trailer")) == 0
}

// h2cClient speaks HTTP/2 without TLS, by prior knowledge, as a Connect
// client configured for h2c does.
func h2cClient() *http.Client {
	var p http.Protocols
	p.SetUnencryptedHTTP2(true)
	return &http.Client{Transport: &http.Transport{Protocols: &p}}
}

// get GETs url with hc and returns the status, the protocol and the body.
func get(t *testing.T, hc *http.Client, url string) (int, string, string) {
	t.Helper()
	resp, err := hc.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Proto, string(b)
}

// TestOnePortServesEveryClient: on the default configuration a gRPC
// client is served by gRPC's own transport, and on the same port the web
// app, REST, the Connect protocol and gRPC-Web answer over HTTP/1.1 and
// over HTTP/2 by prior knowledge; a proxy's connection (a forwarding
// header) and, with GRPCViaHTTP, every gRPC call go through net/http.
func TestOnePortServesEveryClient(t *testing.T) {
	base, c := startHTTP(t, server.Config{})
	_, conn := startServer(t, server.Config{Store: memstore.New()})
	if !servedNatively(t, conn) {
		t.Error("a gRPC client was not served by gRPC's own transport")
	}
	id, _ := table(t, c, 3, 1, 2)
	for want, hc := range map[string]*http.Client{"HTTP/1.1": {Transport: &http.Transport{}}, "HTTP/2.0": h2cClient()} {
		t.Run(want, func(t *testing.T) {
			defer hc.CloseIdleConnections()
			if code, proto, body := get(t, hc, base+"/"); code != 200 || proto != want || !strings.Contains(body, "<title>Moonshine") {
				t.Errorf("web app: %d %s %.100s", code, proto, body)
			}
			if code, proto, body := get(t, hc, base+"/v1/games/"+id+"/view"); code != 200 || !strings.Contains(body, `"view"`) {
				t.Errorf("REST view: %d %s %.200s", code, proto, body)
			}
			for _, opt := range []connect.ClientOption{connect.WithProtoJSON(), connect.WithGRPCWeb()} {
				view := connect.NewClient[moonshinev1.GetViewRequest, moonshinev1.GetViewResponse](hc, base+moonshinev1.GameService_GetView_FullMethodName, opt)
				for range 2 { // the second on the connection the first opened
					if _, err := view.CallUnary(t.Context(), connect.NewRequest(&moonshinev1.GetViewRequest{GameId: id})); err != nil {
						t.Errorf("view: %v", err)
					}
				}
			}
		})
	}
	_, proxied := startServer(t, server.Config{Store: memstore.New()})
	if servedNativelyAs(t, proxied, metadata.Pairs("x-forwarded-for", "192.0.2.1")) {
		t.Error("a proxy's connection was served by gRPC's own transport")
	}
	_, via := startServer(t, server.Config{Store: memstore.New(), GRPCViaHTTP: true})
	if servedNatively(t, via) {
		t.Error("with GRPCViaHTTP, a gRPC call was not served through net/http")
	}
}

// TestOnePortServesEveryClientOverTLS: with TLS, gRPC is served by its own
// transport, and the web app and gRPC-Web answer over HTTP/2 (ALPN h2, as
// browsers ask) and HTTP/1.1 on the same port.
func TestOnePortServesEveryClientOverTLS(t *testing.T) {
	addr, _, _, pool := startTLS(t)
	conn, err := grpc.NewClient(addr, grpc.WithTransportCredentials(credentials.NewClientTLSFromCert(pool, "")))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if !servedNatively(t, conn) {
		t.Error("a gRPC client over TLS was not served by gRPC's own transport")
	}
	for _, want := range []string{"HTTP/2.0", "HTTP/1.1"} {
		tr := &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool}, ForceAttemptHTTP2: want == "HTTP/2.0"}
		hc := &http.Client{Transport: tr}
		code, proto, body := get(t, hc, "https://"+addr+"/")
		if code != 200 || proto != want || !strings.Contains(body, "<title>Moonshine") {
			t.Errorf("web app over TLS: %d %s (want %s) %.100s", code, proto, want, body)
		}
		view := connect.NewClient[moonshinev1.GetViewRequest, moonshinev1.GetViewResponse](hc,
			"https://"+addr+moonshinev1.GameService_GetView_FullMethodName, connect.WithGRPCWeb())
		_, err := view.CallUnary(t.Context(), connect.NewRequest(&moonshinev1.GetViewRequest{GameId: "nosuchgame"}))
		if connect.CodeOf(err) != connect.CodeNotFound {
			t.Errorf("gRPC-Web over TLS, %s: %v, want NOT_FOUND", want, err)
		}
		tr.CloseIdleConnections()
	}
}
