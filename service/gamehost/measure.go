package gamehost

import (
	"container/list"
	"unsafe"

	"github.com/moonshine-games/moonshine/service/gamehost/internal/lru"
	"github.com/moonshine-games/moonshine/service/gamehost/internal/memsize"
)

// remeasureEvery is how many events a game folds between two measurements
// of its size: a game's size moves slowly, and a measurement walks the
// whole state.
const remeasureEvery = 16

// measureQueue bounds the games waiting to be measured: when it is full,
// a game is measured at its next chance.
const measureQueue = 256

// gameOverhead is what a cached game costs beyond what memsize measures of
// its parts: the Game and the cache's entry, list element and map slot.
const gameOverhead = int64(unsafe.Sizeof(Game{}) + unsafe.Sizeof(list.Element{}) + 128)

// overhead is the size a game counts for in the cache until it is
// measured.
func (g *Game) overhead() int64 { return gameOverhead }

// size measures the bytes the game holds: its folded game, its record, its
// configuration and its checkpoints. The module is shared by every game
// of its kind and not counted. The caller holds g.mu.
func (g *Game) size() int64 {
	return gameOverhead + memsize.Of(g.folded) + memsize.Of(g.record) + memsize.Of(g.cfg) + memsize.Of(g.checkpoints.kept)
}

// measurer sizes the games for the cache on a goroutine of its own: the
// walk of a game's state (by reflection) runs there, never on a command's
// path.
type measurer struct {
	games chan *Game
	cache *lru.Cache[*Game]
}

// grew notes that the game folded n more events, or changed otherwise
// (n 0): past remeasureEvery events, or at once for another change, it is
// measured again. The caller holds g.mu.
func (m measurer) grew(g *Game, n int) {
	g.unmeasured += int64(n)
	if n > 0 && g.unmeasured < remeasureEvery {
		return
	}
	g.unmeasured = 0
	m.queue(g)
}

// queue asks for g to be measured; a full queue drops the ask (the game
// asks again as it grows).
func (m measurer) queue(g *Game) {
	select {
	case m.games <- g:
	default:
	}
}

// loop measures the games queued and records their sizes in the cache,
// until stop is closed.
func (m measurer) loop(stop <-chan struct{}) {
	for {
		select {
		case <-stop:
			return
		case g := <-m.games:
			g.mu.Lock()
			n := g.size()
			g.mu.Unlock()
			m.cache.Resize(g.record.ID, g, n)
		}
	}
}
