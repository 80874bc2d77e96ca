package auth

import (
	"time"

	lru "github.com/hashicorp/golang-lru/v2"

	"github.com/moonshine-games/moonshine/service/eventstore"
)

// Defaults of a [ClaimCache].
const (
	// DefaultClaimCacheSize bounds the credentials remembered: some 200
	// bytes each, so the default holds 20 MB at most.
	DefaultClaimCacheSize = 100_000
	// DefaultClaimMaxAge is how long a remembered claim is trusted before
	// the store is asked again.
	DefaultClaimMaxAge = 5 * time.Minute
)

// ClaimCache remembers the seat claims an [Authenticator] found, by
// credential hash, so that a seat's calls are verified from memory: the
// store is asked once per credential per MaxAge, and not at all for a
// credential this process issued ([ClaimCache.Remember]).
//
// A claim binds a credential to one seat for good: nothing in the store
// changes or removes it. A credential that is rotated or revoked must be
// [ClaimCache.Forget]-ten by the process that does it; other processes
// sharing the store trust what they remember for up to MaxAge. Unknown
// credentials are never remembered (they are no seat's, and a flood of
// them must not push the seats' out).
type ClaimCache struct {
	lru    *lru.Cache[string, cachedClaim]
	maxAge time.Duration
	now    func() time.Time
}

type cachedClaim struct {
	claim eventstore.SeatClaim
	at    time.Time
}

// NewClaimCache returns a cache of up to size claims (<= 0:
// DefaultClaimCacheSize), each trusted for maxAge (<= 0:
// DefaultClaimMaxAge).
func NewClaimCache(size int, maxAge time.Duration) *ClaimCache {
	if size <= 0 {
		size = DefaultClaimCacheSize
	}
	if maxAge <= 0 {
		maxAge = DefaultClaimMaxAge
	}
	c, _ := lru.New[string, cachedClaim](size) // only a size <= 0 fails
	return &ClaimCache{lru: c, maxAge: maxAge, now: time.Now}
}

// lookup returns the claim remembered for the hash, if it is not too old.
func (c *ClaimCache) lookup(hash []byte) (eventstore.SeatClaim, bool) {
	if c == nil {
		return eventstore.SeatClaim{}, false
	}
	e, ok := c.lru.Get(string(hash))
	if !ok || c.now().Sub(e.at) > c.maxAge {
		return eventstore.SeatClaim{}, false
	}
	return e.claim, true
}

// Remember records a claim the store holds (one this process just made,
// or found).
func (c *ClaimCache) Remember(claim eventstore.SeatClaim) {
	if c == nil {
		return
	}
	claim.Name, claim.ClaimedAt = "", time.Time{} // not needed to resolve
	c.lru.Add(string(claim.TokenHash), cachedClaim{claim: claim, at: c.now()})
}

// Forget drops what is remembered of the credential with this hash: call
// it when the credential is rotated or revoked.
func (c *ClaimCache) Forget(hash []byte) {
	if c != nil {
		c.lru.Remove(string(hash))
	}
}

// Len returns how many claims are remembered.
func (c *ClaimCache) Len() int {
	if c == nil {
		return 0
	}
	return c.lru.Len()
}

// ForgetSeat drops what is remembered of any credential of a game's seat:
// call it when the seat is freed in a way that does not give the freed
// credential's hash (another process freed it). It walks the whole cache,
// so it is for rare events.
func (c *ClaimCache) ForgetSeat(gameID string, seat int) {
	if c == nil {
		return
	}
	for _, k := range c.lru.Keys() {
		if e, ok := c.lru.Peek(k); ok && e.claim.GameID == gameID && e.claim.Seat == seat {
			c.lru.Remove(k)
		}
	}
}
