package tlsprobe

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

// TestProbe: a TLS server is said to speak TLS, a plaintext one not, and
// an address where nothing listens is unknown.
func TestProbe(t *testing.T) {
	h := http.HandlerFunc(func(http.ResponseWriter, *http.Request) {})
	secure := httptest.NewTLSServer(h)
	defer secure.Close()
	plain := httptest.NewServer(h)
	addr := plain.Listener.Addr().String()
	if got := Probe(t.Context(), secure.Listener.Addr().String()); got != TLS {
		t.Errorf("TLS server: %v", got)
	}
	if got := Probe(t.Context(), addr); got != Plaintext {
		t.Errorf("plaintext server: %v", got)
	}
	plain.Close()
	if got := Probe(t.Context(), addr); got != Unknown {
		t.Errorf("nothing listening: %v", got)
	}
}
