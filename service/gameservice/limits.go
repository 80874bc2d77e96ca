package gameservice

import (
	"context"
	"net/netip"

	"github.com/moonshine-games/moonshine/service/auth"
	"github.com/moonshine-games/moonshine/service/limits"
	"google.golang.org/grpc/peer"
)

// callerLimits are the rates and stream caps a caller's requests count
// against.
type callerLimits struct {
	acts    *limits.Rates // commands and messages, per credential
	creates *limits.Rates // games and seats, per client address
	streams *limits.Streams
	keys    *limits.Keys
	// keyStreams is Options.MaxStreamsPerAPIKey.
	keyStreams int
}

func newCallerLimits(o Options) *callerLimits {
	if o.CreateRate == 0 {
		o.CreateRate = o.CommandRate
	}
	if o.CreateBurst == 0 {
		o.CreateBurst = o.CommandBurst
	}
	return &callerLimits{
		acts:       limits.NewRates(o.CommandRate, o.CommandBurst),
		creates:    limits.NewRates(o.CreateRate, o.CreateBurst),
		streams:    limits.NewStreams(o.MaxStreamsPerCredential, o.MaxStreams),
		keys:       o.APIKeys,
		keyStreams: o.MaxStreamsPerAPIKey,
	}
}

// limitKey is the key that acting and streams count against: the
// credential, or the client's address for spectators.
func limitKey(ctx context.Context) string {
	if k := auth.From(ctx).Key; k != "" {
		return k
	}
	return clientKey(ctx)
}

// clientKey is the key that creation counts against whatever the
// credential: the client's API key if it sent one, else its IP address,
// or for IPv6 its /64 network (one host commonly holds a whole /64, so
// counting addresses there would count nothing). A client without an IP
// address (a Unix socket, an in-memory connection) is counted by the
// address it has.
func clientKey(ctx context.Context) string {
	if k := auth.From(ctx).APIKey; k != "" {
		return "key:" + k
	}
	p, ok := peer.FromContext(ctx)
	if !ok || p.Addr == nil {
		return "anonymous"
	}
	ap, err := netip.ParseAddrPort(p.Addr.String())
	if err != nil {
		return "addr:" + p.Addr.String()
	}
	a := ap.Addr().Unmap()
	if a.Is6() {
		net64, _ := a.Prefix(64)
		return "net:" + net64.String()
	}
	return "addr:" + a.String()
}

// act takes one command or message from the caller's credential's rate:
// each seat acts at its own pace.
func (l *callerLimits) act(ctx context.Context) error { return l.acts.Allow(limitKey(ctx)) }

// create takes one game creation or seat claim from the client's rate
// (clientKey), whichever credential it sends: fresh seat credentials buy
// no extra games or seats.
func (l *callerLimits) create(ctx context.Context) error {
	if k := auth.From(ctx).APIKey; k != "" {
		return l.keys.Allow(k)
	}
	return l.creates.Allow(clientKey(ctx))
}

// openStream counts an open watch stream against its limit key: a
// spectator with an API key within the key's cap, anyone else within the
// per-credential cap.
func (l *callerLimits) openStream(ctx context.Context) (release func(), err error) {
	if c := auth.From(ctx); c.Key == "" && c.APIKey != "" {
		return l.streams.AcquireWithin(clientKey(ctx), l.keyStreams)
	}
	return l.streams.Acquire(limitKey(ctx))
}
