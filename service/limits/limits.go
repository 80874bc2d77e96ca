package limits

import (
	"errors"
	"fmt"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// RateError: a key (a credential, a client address) sent requests faster
// than allowed.
type RateError struct {
	// RetryAfter is when the next command would be accepted.
	RetryAfter time.Duration
}

// Error says when the next request would be accepted.
func (e *RateError) Error() string {
	return fmt.Sprintf("limits: too many requests; retry in %s", e.RetryAfter.Round(time.Millisecond))
}

// ErrTooManyStreams: the credential, or the server, has as many open streams
// as allowed.
var ErrTooManyStreams = errors.New("limits: too many open streams")

// maxKeys bounds the rate table; beyond it, idle entries are forgotten.
const maxKeys = 10000

// Rates limits the rate of requests per key.
type Rates struct {
	mu    sync.Mutex
	every rate.Limit
	burst int
	byKey map[string]*rate.Limiter
}

// NewRates allows perSecond requests a second per key, with bursts of burst.
// perSecond <= 0 disables the limit.
func NewRates(perSecond float64, burst int) *Rates {
	lim := rate.Limit(perSecond)
	if perSecond <= 0 {
		lim = rate.Inf
	}
	return &Rates{every: lim, burst: max(burst, 1), byKey: map[string]*rate.Limiter{}}
}

// Allow takes one request from key's bucket, or returns a *RateError.
func (r *Rates) Allow(key string) error {
	r.mu.Lock()
	l := r.byKey[key]
	if l == nil {
		if len(r.byKey) >= maxKeys {
			r.forgetFull()
		}
		l = rate.NewLimiter(r.every, r.burst)
		r.byKey[key] = l
	}
	r.mu.Unlock()
	res := l.Reserve()
	if d := res.Delay(); d > 0 {
		res.Cancel()
		return &RateError{RetryAfter: d}
	}
	return nil
}

// forgetFull drops the buckets that are full again (idle keys).
func (r *Rates) forgetFull() {
	for k, l := range r.byKey {
		if l.Tokens() >= float64(r.burst) {
			delete(r.byKey, k)
		}
	}
}

// Streams counts open streams per key and in total.
type Streams struct {
	mu            sync.Mutex
	perKey, total int
	open          map[string]int
	all           int
}

// NewStreams allows perKey open streams per key and total in all
// (<= 0: unlimited).
func NewStreams(perKey, total int) *Streams {
	return &Streams{perKey: perKey, total: total, open: map[string]int{}}
}

// Acquire opens a stream for key, or returns ErrTooManyStreams. The caller
// must call release once when the stream ends.
func (s *Streams) Acquire(key string) (release func(), err error) {
	return s.AcquireWithin(key, s.perKey)
}

// AcquireWithin is Acquire with a cap of perKey for this key (<= 0:
// unlimited), as for an API key, within the same total.
func (s *Streams) AcquireWithin(key string, perKey int) (release func(), err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if (s.total > 0 && s.all >= s.total) || (perKey > 0 && s.open[key] >= perKey) {
		return nil, ErrTooManyStreams
	}
	s.open[key]++
	s.all++
	var once sync.Once
	return func() { once.Do(func() { s.release(key) }) }, nil
}

// Open returns how many streams are open in all.
func (s *Streams) Open() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.all
}

func (s *Streams) release(key string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.all--
	if s.open[key]--; s.open[key] <= 0 {
		delete(s.open, key)
	}
}
