package engine_test

import (
	"testing"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/boozebarons"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/boozebarons/v1"
	"google.golang.org/protobuf/proto"
)

// undoLog is a game log written by hand: events, commands and undos.
type undoLog struct {
	t        *testing.T
	g        *engine.Game
	seed     []byte
	cfg      engine.Config
	events   []engine.Recorded
	commands []engine.Logged
	undos    []engine.Undo
}

func newUndoLog(t *testing.T) *undoLog {
	l := &undoLog{t: t, seed: []byte("undo"), cfg: engine.Config{Players: 3}}
	g, evs, err := engine.Start(boozebarons.Rules{}, l.cfg, l.seed)
	if err != nil {
		t.Fatal(err)
	}
	l.g = g
	for i, ev := range evs {
		l.events = append(l.events, engine.Recorded{Seq: int64(i + 1), Event: ev})
	}
	return l
}

// play decides and records a command; it returns its first event.
func (l *undoLog) play(seat int, kind proto.Message) int64 {
	l.t.Helper()
	c := boozebarons.Cmd(kind)
	evs, _, err := l.g.Decide(engine.Seat(seat), c)
	if err != nil {
		l.t.Fatal(err)
	}
	first := l.g.Version + 1
	if err := l.g.Apply(evs...); err != nil {
		l.t.Fatal(err)
	}
	for i, ev := range evs {
		l.events = append(l.events, engine.Recorded{Seq: first + int64(i), Event: ev})
	}
	l.commands = append(l.commands, engine.Logged{Seat: engine.Seat(seat), Command: c, FirstSeq: first, LastSeq: l.g.Version})
	return first
}

// undo records a takeback from event from, and refolds.
func (l *undoLog) undo(from int64) {
	l.t.Helper()
	at := l.g.Version + 1
	l.undos = append(l.undos, engine.Undo{Seq: at, From: from})
	g, err := engine.Refold(boozebarons.Rules{}, l.seed, l.events, l.undos, at)
	if err != nil {
		l.t.Fatal(err)
	}
	l.g = g
}

func (l *undoLog) verify() error {
	return engine.VerifyUndone(boozebarons.Module(), l.cfg, l.seed, l.commands, l.events, l.undos)
}

// TestRefoldAndVerifyUndone: a takeback folds the game as if the command
// undone had not been played, the next decision draws from the next
// sequence number, and verify re-runs the log across it; an undo of a
// reveal is refused by verify.
func TestRefoldAndVerifyUndone(t *testing.T) {
	l := newUndoLog(t)
	before := l.g.State.View(engine.AuditorViewer())
	first := l.play(0, &pb.ChooseMovement{Location: pb.Location_LOCATION_DOCKS})
	l.undo(first)
	if got := l.g.State.View(engine.AuditorViewer()); !proto.Equal(before, got) {
		t.Fatalf("the refolded view differs from the one before the command:\n%v\n%v", before, got)
	}
	l.play(0, &pb.ChooseMovement{Location: pb.Location_LOCATION_CASINO_REGALE})
	l.play(1, &pb.ChooseMovement{Location: pb.Location_LOCATION_DOCKS})
	if err := l.verify(); err != nil {
		t.Fatalf("verify across the takeback: %v", err)
	}
	l.commands[1].Command = boozebarons.Cmd(&pb.ChooseMovement{Location: pb.Location_LOCATION_RIVER_CAVES})
	if err := l.verify(); err == nil {
		t.Fatal("verify accepted a command the log does not hold")
	}
	l.commands[1].Command = boozebarons.Cmd(&pb.ChooseMovement{Location: pb.Location_LOCATION_CASINO_REGALE})
	last := l.play(2, &pb.ChooseMovement{Location: pb.Location_LOCATION_DOCKS}) // the reveal
	l.undo(last)
	if err := l.verify(); err == nil {
		t.Fatal("verify accepted a takeback of a reveal")
	}
}
