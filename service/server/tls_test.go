package server_test

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"errors"
	"log/slog"
	"math/big"
	"net"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/moonshine-games/moonshine/service/eventstore/memstore"
	"github.com/moonshine-games/moonshine/service/server"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/credentials/insecure"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
)

// writeCert writes a new self-signed certificate for 127.0.0.1 with the
// serial number, and its key, to the files; it returns the certificate.
func writeCert(t *testing.T, certFile, keyFile string, serial int64) *x509.Certificate {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(serial), Subject: pkix.Name{CommonName: "moonshine test"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		IPAddresses: []net.IP{net.ParseIP("127.0.0.1")}, KeyUsage: x509.KeyUsageDigitalSignature,
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}, BasicConstraintsValid: true, IsCA: true}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	keyDER, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	// Written beside and renamed into place, as a secret mount or certbot
	// replaces them.
	for file, block := range map[string]*pem.Block{certFile: {Type: "CERTIFICATE", Bytes: der}, keyFile: {Type: "PRIVATE KEY", Bytes: keyDER}} {
		if err := os.WriteFile(file+".new", pem.EncodeToMemory(block), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.Rename(file+".new", file); err != nil {
			t.Fatal(err)
		}
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	return cert
}

// startTLS serves TLS on a loopback port from a new certificate (serial
// 1) written to files; it returns the address, the files and a pool that
// trusts the certificate.
func startTLS(t *testing.T) (addr, certFile, keyFile string, pool *x509.CertPool) {
	t.Helper()
	dir := t.TempDir()
	certFile, keyFile = filepath.Join(dir, "tls.crt"), filepath.Join(dir, "tls.key")
	cert := writeCert(t, certFile, keyFile, 1)
	srv, err := server.New(t.Context(), server.Config{Store: memstore.New(), Logger: slog.New(slog.DiscardHandler),
		TLSCertFile: certFile, TLSKeyFile: keyFile})
	if err != nil {
		t.Fatal(err)
	}
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve(lis)
	t.Cleanup(func() { _ = srv.Shutdown(context.Background()) })
	pool = x509.NewCertPool()
	pool.AddCert(cert)
	return lis.Addr().String(), certFile, keyFile, pool
}

// servedSerial makes a TLS handshake with addr and returns the serial of
// the certificate served.
func servedSerial(t *testing.T, addr string) int64 {
	t.Helper()
	conn, err := tls.Dial("tcp", addr, &tls.Config{InsecureSkipVerify: true, NextProtos: []string{"h2"}})
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	return conn.ConnectionState().PeerCertificates[0].SerialNumber.Int64()
}

// TestTLS serves TLS from generated certificate files: a client that
// trusts the certificate gets health, a plaintext client does not, and a
// new certificate written over the files is served from the next
// connection on, without a restart.
func TestTLS(t *testing.T) {
	addr, certFile, keyFile, pool := startTLS(t)
	check := func(creds credentials.TransportCredentials) error {
		conn, err := grpc.NewClient(addr, grpc.WithTransportCredentials(creds))
		if err != nil {
			return err
		}
		defer conn.Close()
		ctx, cancel := context.WithTimeout(t.Context(), 5*time.Second)
		defer cancel()
		_, err = healthpb.NewHealthClient(conn).Check(ctx, &healthpb.HealthCheckRequest{})
		return err
	}
	if err := check(credentials.NewClientTLSFromCert(pool, "")); err != nil {
		t.Fatalf("a client trusting the certificate: %v", err)
	}
	if err := check(insecure.NewCredentials()); err == nil {
		t.Fatal("a plaintext client was served")
	}
	if got := servedSerial(t, addr); got != 1 {
		t.Fatalf("serial %d served, want 1", got)
	}
	writeCert(t, certFile, keyFile, 2)
	if got := servedSerial(t, addr); got != 2 {
		t.Fatalf("after the renewal, serial %d served, want 2", got)
	}
	if err := os.WriteFile(certFile, []byte("not a certificate"), 0o600); err != nil {
		t.Fatal(err)
	}
	if got := servedSerial(t, addr); got != 2 {
		t.Fatalf("after a broken write, serial %d served, want the last good one, 2", got)
	}
}

// networkListener is a loopback listener that says it listens on a
// network address.
type networkListener struct{ net.Listener }

func (networkListener) Addr() net.Addr { return &net.TCPAddr{IP: net.IPv4(10, 0, 0, 1), Port: 7777} }

// TestPlaintextOnlyOnLoopback checks that Serve refuses plaintext on a
// network address unless allowed.
func TestPlaintextOnlyOnLoopback(t *testing.T) {
	for _, allow := range []bool{false, true} {
		srv, err := server.New(t.Context(), server.Config{Store: memstore.New(), Logger: slog.New(slog.DiscardHandler), AllowPlaintext: allow})
		if err != nil {
			t.Fatal(err)
		}
		lis, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		served := make(chan error, 1)
		go func() { served <- srv.Serve(networkListener{lis}) }()
		if !allow {
			if err := <-served; !errors.Is(err, server.ErrPlaintext) {
				t.Errorf("plaintext on 10.0.0.1: %v, want ErrPlaintext", err)
			}
			lis.Close()
		}
		if err := srv.Shutdown(context.Background()); err != nil {
			t.Error(err)
		}
		if allow {
			if err := <-served; err != nil {
				t.Errorf("plaintext allowed: %v", err)
			}
		}
	}
}
