package search

import (
	"hash/fnv"
	"math"

	"google.golang.org/protobuf/proto"

	"github.com/moonshine-games/moonshine/engine"
)

// tree is the search tree of one decision: the information sets of the
// searching seat, joined by its own commands.
type tree struct {
	seat    engine.Seat
	explore float64
	root    *node
}

// node is one information set of the seat: its commands so far and what it
// observed since. Its edges are the commands tried there, in the order
// first offered (never in map order).
type node struct {
	edges []*edge
	byKey map[string]*edge
}

// edge is one command at a node and what followed it.
type edge struct {
	cmd proto.Message
	// visits is the number of iterations that played the command; avail
	// the number that reached the node while it was legal (the UCB1 count
	// of information-set search, where legality varies by world).
	visits, avail int
	// total and squares are the sums of the values backed up and of
	// their squares.
	total, squares float64
	// next holds the nodes reached after the command, by what the seat
	// observed before its next decision.
	next map[uint64]*node
}

func newNode() *node { return &node{byKey: map[string]*edge{}} }

// expand adds an edge for each command not yet at the node.
func (n *node) expand(cmds []proto.Message) {
	for _, c := range cmds {
		n.edge(c)
	}
}

// edge returns the node's edge for cmd, adding it when new.
func (n *node) edge(cmd proto.Message) *edge {
	key := commandKey(cmd)
	if e, ok := n.byKey[key]; ok {
		return e
	}
	e := &edge{cmd: cmd}
	n.byKey[key] = e
	n.edges = append(n.edges, e)
	return e
}

// pick counts every candidate as available and returns the one to play:
// the first never tried, else the one of highest UCB1.
func (n *node) pick(cands []proto.Message, explore float64) *edge {
	var best *edge
	bestScore := math.Inf(-1)
	for _, c := range cands {
		e := n.edge(c)
		e.avail++
		score := math.Inf(1)
		if e.visits > 0 {
			score = e.mean() + explore*math.Sqrt(math.Log(float64(e.avail))/float64(e.visits))
		}
		if score > bestScore {
			best, bestScore = e, score
		}
	}
	return best
}

// best returns the edge visited most; ties go to the higher mean, then to
// the earlier edge.
func (n *node) best() *edge {
	var best *edge
	for _, e := range n.edges {
		if best == nil || e.visits > best.visits || (e.visits == best.visits && e.mean() > best.mean()) {
			best = e
		}
	}
	return best
}

func (e *edge) mean() float64 {
	if e.visits == 0 {
		return 0
	}
	return e.total / float64(e.visits)
}

// spread returns the standard error of the edge's mean value (0 before
// two visits).
func (e *edge) spread() float64 {
	if e.visits < 2 {
		return 0
	}
	n := float64(e.visits)
	m := e.total / n
	return math.Sqrt(max(e.squares/n-m*m, 0) / (n - 1))
}

// child returns the node reached after e with observation obs, and whether
// it is new.
func (e *edge) child(obs uint64) (*node, bool) {
	if e.next == nil {
		e.next = map[uint64]*node{}
	}
	if n, ok := e.next[obs]; ok {
		return n, false
	}
	n := newNode()
	e.next[obs] = n
	return n, true
}

var keyOptions = proto.MarshalOptions{Deterministic: true}

// passKey is passing's identity at a node: no encoding of a message
// begins with a zero byte (field number 0 is invalid).
const passKey = "\x00"

// commandKey is a command's identity at a node: its deterministic encoding,
// or passKey for nil (passing).
func commandKey(cmd proto.Message) string {
	if cmd == nil {
		return passKey
	}
	b, err := keyOptions.Marshal(cmd)
	if err != nil {
		panic("search: a command does not marshal: " + err.Error())
	}
	return string(b)
}

// observer hashes what a seat observes: the events as redacted for it.
type observer struct {
	v   engine.Viewer
	buf []byte
	sum uint64
}

func newObserver(seat engine.Seat) *observer { return &observer{v: engine.SeatViewer(seat)} }

func (o *observer) reset() { o.sum = 0 }

// see adds events, each redacted for the seat, to the observation.
func (o *observer) see(evs []engine.Event) {
	h := fnv.New64a()
	var sum [8]byte
	for i := range 8 {
		sum[i] = byte(o.sum >> (8 * i))
	}
	h.Write(sum[:])
	for _, ev := range evs {
		r := ev.For(o.v)
		o.body(h, r.Public)
		for _, s := range r.Private {
			o.body(h, s.Body)
		}
		h.Write([]byte{0xff})
	}
	o.sum = h.Sum64()
}

func (o *observer) body(h interface{ Write([]byte) (int, error) }, m proto.Message) {
	if m == nil {
		h.Write([]byte{0})
		return
	}
	b, err := keyOptions.MarshalAppend(o.buf[:0], m)
	if err != nil {
		panic("search: an event does not marshal: " + err.Error())
	}
	o.buf = b
	var n [4]byte
	for i := range 4 {
		n[i] = byte(len(b) >> (8 * i))
	}
	h.Write(n[:])
	h.Write(b)
}
