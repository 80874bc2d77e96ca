package engine

import (
	"crypto/sha256"
	"encoding/binary"
	"math/bits"
	"math/rand/v2"
)

// Rand is the deterministic generator a game draws from. It is ChaCha8
// (whose output is fixed by its specification) with our own IntN and
// Shuffle on top, so that the same seed gives the same game on every Go
// release and platform.
//
// The generator is seeded at its first draw: most decisions draw nothing,
// and seeding ChaCha8 computes its first block.
type Rand struct {
	key    [32]byte
	seeded bool
	src    rand.ChaCha8
}

// SeedSize is the length in bytes of a game seed.
const SeedSize = 32

// NewRand returns a generator seeded with key.
func NewRand(key [32]byte) *Rand { return &Rand{key: key} }

// CommandRand returns the generator for the decision whose first event will
// have sequence number seq (1-based; Setup uses seq 1 too, as its events
// start the stream). Deriving a fresh generator per decision means replay
// needs no generator state: the seed and the log suffice.
func CommandRand(seed []byte, seq int64) *Rand {
	var buf [len(commandRandPrefix) + SeedSize + 8]byte
	b := append(append(buf[:0], commandRandPrefix...), seed...)
	b = binary.BigEndian.AppendUint64(b, uint64(seq))
	return NewRand(sha256.Sum256(b))
}

// commandRandPrefix starts what CommandRand hashes.
const commandRandPrefix = "moonshine/engine/v1\x00"

// SeedCommitment returns the SHA-256 of a seed, published when a game is
// created so that the seed revealed at the end can be checked.
func SeedCommitment(seed []byte) [32]byte { return sha256.Sum256(seed) }

// Uint64 returns a uniformly distributed 64-bit value.
func (r *Rand) Uint64() uint64 {
	if !r.seeded {
		r.src.Seed(r.key)
		r.seeded = true
	}
	return r.src.Uint64()
}

// Drawn reports whether anything was drawn from r: a die, a shuffle, a
// deal. The takeback policy's declarations ([Takebacks]) are tested
// against it. The generator is seeded at its first draw, so this is
// whether it was seeded.
func (r *Rand) Drawn() bool { return r.seeded }

// IntN returns a uniform integer in [0, n). It panics if n <= 0.
// Lemire's nearly-divisionless method.
func (r *Rand) IntN(n int) int {
	if n <= 0 {
		panic("engine: IntN with n <= 0")
	}
	bound := uint64(n)
	hi, lo := bits.Mul64(r.Uint64(), bound)
	if lo < bound {
		thresh := -bound % bound
		for lo < thresh {
			hi, lo = bits.Mul64(r.Uint64(), bound)
		}
	}
	return int(hi)
}

// Die returns a roll of a die with the given number of faces, from 1.
func (r *Rand) Die(faces int) int { return r.IntN(faces) + 1 }

// Shuffle shuffles n elements with Fisher-Yates, calling swap(i, j).
func (r *Rand) Shuffle(n int, swap func(i, j int)) {
	for i := n - 1; i > 0; i-- {
		j := r.IntN(i + 1)
		swap(i, j)
	}
}

// Perm returns a random permutation of [0, n).
func (r *Rand) Perm(n int) []int {
	p := make([]int, n)
	for i := range p {
		p[i] = i
	}
	r.Shuffle(n, func(i, j int) { p[i], p[j] = p[j], p[i] })
	return p
}
