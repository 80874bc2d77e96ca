package pgtest

import (
	"fmt"
	"io"
	"net"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
)

// Proxy forwards TCP connections to a PostgreSQL server and can cut them,
// for tests of outages: while cut, every connection through it is closed
// and its port refuses new ones, as when the server is down; restored, it
// accepts again on the same port.
type Proxy struct {
	network, target string // the server
	addr            string // where the proxy listens

	mu    sync.Mutex
	lis   net.Listener // nil while cut
	conns map[net.Conn]struct{}
	wg    sync.WaitGroup
}

// NewProxy starts a proxy to the server of dsn (a URL or keyword/value
// string) and returns it with the dsn that goes through it. It is closed
// when t ends.
func NewProxy(t testing.TB, dsn string) (*Proxy, string) {
	t.Helper()
	cfg, err := pgconn.ParseConfig(dsn)
	if err != nil {
		t.Fatalf("pgtest: proxy: %v", err)
	}
	p := &Proxy{network: "tcp", target: net.JoinHostPort(cfg.Host, strconv.Itoa(int(cfg.Port))), conns: map[net.Conn]struct{}{}}
	if strings.HasPrefix(cfg.Host, "/") { // a Unix socket directory
		p.network, p.target = "unix", fmt.Sprintf("%s/.s.PGSQL.%d", cfg.Host, cfg.Port)
	}
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("pgtest: proxy: %v", err)
	}
	p.addr = lis.Addr().String()
	p.serve(lis)
	t.Cleanup(p.close)
	through, err := withAddr(dsn, p.addr)
	if err != nil {
		t.Fatalf("pgtest: proxy: %v", err)
	}
	return p, through
}

// withAddr returns dsn with its host and port replaced by addr's.
func withAddr(dsn, addr string) (string, error) {
	host, port, _ := net.SplitHostPort(addr)
	if strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://") {
		u, err := url.Parse(dsn)
		if err != nil {
			return "", fmt.Errorf("parse database URL: %w", err)
		}
		u.Host = addr
		q := u.Query()
		q.Del("host")
		q.Del("port")
		u.RawQuery = q.Encode()
		return u.String(), nil
	}
	return dsn + " host=" + host + " port=" + port, nil
}

// Cut closes every connection through the proxy and refuses new ones
// until Restore.
func (p *Proxy) Cut() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.lis != nil {
		p.lis.Close()
		p.lis = nil
	}
	for c := range p.conns {
		c.Close()
		delete(p.conns, c)
	}
}

// Restore accepts connections again, on the same port.
func (p *Proxy) Restore() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.lis != nil {
		return nil
	}
	var err error
	for range 50 { // the port was ours a moment ago; another may hold it briefly
		var lis net.Listener
		if lis, err = net.Listen("tcp", p.addr); err == nil {
			p.lis = lis
			p.serveLocked(lis)
			return nil
		}
		time.Sleep(20 * time.Millisecond)
	}
	return fmt.Errorf("pgtest: proxy: listen again on %s: %w", p.addr, err)
}

func (p *Proxy) close() {
	p.Cut()
	p.wg.Wait()
}

func (p *Proxy) serve(lis net.Listener) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.lis = lis
	p.serveLocked(lis)
}

// serveLocked accepts on lis until it is closed; the caller holds p.mu.
func (p *Proxy) serveLocked(lis net.Listener) {
	p.wg.Add(1)
	go func() {
		defer p.wg.Done()
		for {
			client, err := lis.Accept()
			if err != nil {
				return
			}
			p.forward(client)
		}
	}()
}

// forward joins client to a new connection to the server.
func (p *Proxy) forward(client net.Conn) {
	server, err := net.DialTimeout(p.network, p.target, 5*time.Second)
	if err != nil {
		client.Close()
		return
	}
	p.mu.Lock()
	if p.lis == nil { // cut meanwhile
		p.mu.Unlock()
		client.Close()
		server.Close()
		return
	}
	p.conns[client], p.conns[server] = struct{}{}, struct{}{}
	p.mu.Unlock()
	pipe := func(dst, src net.Conn) {
		defer p.wg.Done()
		_, _ = io.Copy(dst, src) // until either end closes, or Cut closes both
		dst.Close()
		src.Close()
		p.mu.Lock()
		delete(p.conns, dst)
		delete(p.conns, src)
		p.mu.Unlock()
	}
	p.wg.Add(2)
	go pipe(server, client)
	go pipe(client, server)
}
