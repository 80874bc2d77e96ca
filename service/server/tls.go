package server

import (
	"crypto/tls"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"sync"
	"time"
)

// certFiles serves a certificate from PEM files, loading them again when
// either changes (a renewal by cert-manager, certbot or a rotated
// Kubernetes secret), checked at each TLS handshake. A change that does
// not load (a half-written pair) keeps the last good certificate.
type certFiles struct {
	certFile, keyFile string
	log               *slog.Logger

	mu       sync.Mutex
	cert     *tls.Certificate
	certStat fileStamp
	keyStat  fileStamp
}

// fileStamp tells whether a file changed.
type fileStamp struct {
	mod  time.Time
	size int64
}

func stamp(path string) (fileStamp, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return fileStamp{}, err
	}
	return fileStamp{fi.ModTime(), fi.Size()}, nil
}

// loadCertFiles loads the pair, which must both be given and load.
func loadCertFiles(certFile, keyFile string, log *slog.Logger) (*certFiles, error) {
	if certFile == "" || keyFile == "" {
		return nil, errors.New("server: TLS needs both a certificate file and a key file")
	}
	c := &certFiles{certFile: certFile, keyFile: keyFile, log: log}
	if err := c.reload(); err != nil {
		return nil, err
	}
	log.Info("TLS certificate loaded", "cert", certFile, "subject", c.cert.Leaf.Subject.String(), "not_after", c.cert.Leaf.NotAfter)
	return c, nil
}

// reload reads both files; the caller holds mu or owns c.
func (c *certFiles) reload() error {
	cs, err := stamp(c.certFile)
	if err != nil {
		return fmt.Errorf("server: TLS certificate: %w", err)
	}
	ks, err := stamp(c.keyFile)
	if err != nil {
		return fmt.Errorf("server: TLS key: %w", err)
	}
	cert, err := tls.LoadX509KeyPair(c.certFile, c.keyFile)
	if err != nil {
		return fmt.Errorf("server: TLS certificate and key: %w", err)
	}
	c.cert, c.certStat, c.keyStat = &cert, cs, ks
	return nil
}

// get returns the current certificate, reloading it if a file changed.
func (c *certFiles) get(*tls.ClientHelloInfo) (*tls.Certificate, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	cs, cerr := stamp(c.certFile)
	ks, kerr := stamp(c.keyFile)
	if cerr == nil && kerr == nil && (cs != c.certStat || ks != c.keyStat) {
		if err := c.reload(); err != nil {
			c.log.Warn("TLS certificate changed but does not load: serving the previous one", "err", err)
			c.certStat, c.keyStat = cs, ks // try again at the next change
		} else {
			c.log.Info("TLS certificate reloaded", "subject", c.cert.Leaf.Subject.String(), "not_after", c.cert.Leaf.NotAfter)
		}
	}
	return c.cert, nil
}

// expiry returns when the current certificate expires, in Unix seconds.
func (c *certFiles) expiry() float64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return float64(c.cert.Leaf.NotAfter.Unix())
}

// config returns the TLS configuration serving c (TLS 1.2 and up); the
// HTTP server adds the ALPN protocols, h2 and http/1.1.
func (c *certFiles) config() *tls.Config {
	return &tls.Config{MinVersion: tls.VersionTLS12, GetCertificate: c.get}
}
