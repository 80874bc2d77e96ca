package limits

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"golang.org/x/time/rate"
)

// APIKey is a trusted client, typically an app backend that creates games
// and claims seats for many users from one address. It is known by the
// SHA-256 of its key: the key itself is never configured on the server.
type APIKey struct {
	// Name identifies the key in logs and metrics.
	Name string
	// Hash is the SHA-256 of the key.
	Hash [sha256.Size]byte
	// Rate and Burst are the key's own creation rate per second and burst
	// (0: the defaults given to NewKeys; a negative rate: no limit).
	Rate  float64
	Burst int
}

var keyName = regexp.MustCompile(`\A[A-Za-z0-9][A-Za-z0-9._-]{0,63}\z`)

// ParseAPIKeys parses a list of keys: entries separated by commas or
// white space, each "name:sha256hex" or "name:sha256hex:rate" or
// "name:sha256hex:rate:burst". Names and hashes must be unique.
func ParseAPIKeys(spec string) ([]APIKey, error) {
	var keys []APIKey
	names, hashes := map[string]bool{}, map[[sha256.Size]byte]bool{}
	for _, entry := range strings.FieldsFunc(spec, func(r rune) bool { return r == ',' || r == ' ' || r == '\n' || r == '\t' }) {
		k, err := parseAPIKey(entry)
		if err != nil {
			return nil, err
		}
		if names[k.Name] || hashes[k.Hash] {
			return nil, fmt.Errorf("limits: API key %q: name or hash given twice", k.Name)
		}
		names[k.Name], hashes[k.Hash] = true, true
		keys = append(keys, k)
	}
	return keys, nil
}

func parseAPIKey(entry string) (APIKey, error) {
	parts := strings.Split(entry, ":")
	if len(parts) < 2 || len(parts) > 4 {
		return APIKey{}, fmt.Errorf("limits: API key entry %q: want name:sha256hex[:rate[:burst]]", redactEntry(entry))
	}
	k := APIKey{Name: parts[0]}
	if !keyName.MatchString(k.Name) {
		return APIKey{}, fmt.Errorf("limits: API key name %q: want 1 to 64 of [A-Za-z0-9._-]", k.Name)
	}
	h, err := hex.DecodeString(parts[1])
	if err != nil || len(h) != sha256.Size {
		return APIKey{}, fmt.Errorf("limits: API key %q: the hash must be 64 hex digits (the SHA-256 of the key, not the key)", k.Name)
	}
	copy(k.Hash[:], h)
	if len(parts) > 2 {
		if k.Rate, err = strconv.ParseFloat(parts[2], 64); err != nil {
			return APIKey{}, fmt.Errorf("limits: API key %q: rate %q: %w", k.Name, parts[2], err)
		}
	}
	if len(parts) > 3 {
		if k.Burst, err = strconv.Atoi(parts[3]); err != nil || k.Burst < 0 {
			return APIKey{}, fmt.Errorf("limits: API key %q: burst %q is not a count", k.Name, parts[3])
		}
	}
	return k, nil
}

// redactEntry shows only the name of a malformed entry, which may hold a
// key pasted by mistake.
func redactEntry(entry string) string {
	name, _, _ := strings.Cut(entry, ":")
	return name + ":…"
}

// HashAPIKey returns the hex SHA-256 of a key, as configured.
func HashAPIKey(key string) string {
	h := sha256.Sum256([]byte(key))
	return hex.EncodeToString(h[:])
}

// Keys holds the configured API keys, each with its own creation rate.
type Keys struct {
	byHash map[[sha256.Size]byte]string
	rates  map[string]*rate.Limiter // read-only after NewKeys
}

// NewKeys returns the keys, those without a rate of their own at
// defaultRate per second with defaultBurst.
func NewKeys(keys []APIKey, defaultRate float64, defaultBurst int) *Keys {
	k := &Keys{byHash: map[[sha256.Size]byte]string{}, rates: map[string]*rate.Limiter{}}
	for _, key := range keys {
		r, b := key.Rate, key.Burst
		if r == 0 {
			r = defaultRate
		}
		if b == 0 {
			b = defaultBurst
		}
		lim := rate.Limit(r)
		if r <= 0 {
			lim = rate.Inf
		}
		k.byHash[key.Hash] = key.Name
		k.rates[key.Name] = rate.NewLimiter(lim, max(b, 1))
	}
	return k
}

// Len returns the number of keys.
func (k *Keys) Len() int {
	if k == nil {
		return 0
	}
	return len(k.byHash)
}

// Identify returns the name of the key, if it is one of the keys.
func (k *Keys) Identify(key string) (string, bool) {
	if k == nil {
		return "", false
	}
	name, ok := k.byHash[sha256.Sum256([]byte(key))]
	return name, ok
}

// Allow takes one creation from the named key's bucket, or returns a
// *RateError.
func (k *Keys) Allow(name string) error {
	l := k.rates[name]
	if l == nil {
		return fmt.Errorf("limits: no API key %q", name)
	}
	res := l.Reserve()
	if d := res.Delay(); d > 0 {
		res.Cancel()
		return &RateError{RetryAfter: d}
	}
	return nil
}
