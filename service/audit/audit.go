package audit

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/games"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
)

// Kind says which check a history failed.
type Kind int

const (
	// Incomplete: the history is not complete (the game is not over, or it
	// was fetched without the auditor's credential), or lacks its metadata.
	Incomplete Kind = iota
	// BadSeed: the seed is missing or does not hash to the commitment
	// published when the game was created.
	BadSeed
	// Malformed: the history cannot be read as the game's (an unknown game,
	// a body or command of another game, sequence numbers not dense).
	Malformed
	// Mismatch: re-running the game from the seed and the commands gives
	// events other than those recorded.
	Mismatch
	// RulesChanged: the game was recorded under another version of its
	// rules than this build plays, and re-running it under this build's
	// rules gives events other than those recorded (the likely reason).
	RulesChanged
	// Mislabelled: a label the history carries is not the game's label
	// of its command or event body.
	Mislabelled
)

// String names the kind.
func (k Kind) String() string {
	switch k {
	case Incomplete:
		return "incomplete"
	case BadSeed:
		return "bad seed"
	case Malformed:
		return "malformed"
	case RulesChanged:
		return "rules changed"
	case Mislabelled:
		return "mislabelled"
	default:
		return "mismatch"
	}
}

// Error says why a history does not verify and, when it is one event's
// fault, which event (Seq > 0).
type Error struct {
	Kind   Kind
	Seq    int64
	Reason string
	// Recorded and Replayed, for a Mismatch or RulesChanged at Seq, are
	// the event the history holds there and the one re-running gives
	// (either nil when there is none: see engine.VerifyError).
	Recorded, Replayed *engine.Event
}

// Error describes the failure.
func (e *Error) Error() string {
	if e.Seq > 0 {
		return fmt.Sprintf("audit: %s at event %d: %s", e.Kind, e.Seq, e.Reason)
	}
	return fmt.Sprintf("audit: %s: %s", e.Kind, e.Reason)
}

// AsError unwraps err into an *Error if it is one.
func AsError(err error) (*Error, bool) {
	var e *Error
	ok := errors.As(err, &e)
	return e, ok
}

// Verify checks a complete history against the games Moonshine hosts
// (games.Default()). See [VerifyWith].
func Verify(h *moonshinev1.GetHistoryResponse) error { return VerifyWith(games.Default(), h) }

// VerifyWith checks a complete history: the revealed seed hashes to the
// published commitment, the events are numbered 1..version without a gap,
// re-running the game from the seed, the configuration and the command
// log gives exactly the recorded game events, the status the history
// claims is the one they give (a game over has an outcome: a history cut
// short fails), and every label it carries is the game's (claims.go). Table talk is skipped (it
// takes sequence numbers but is not the game's); so is an event with no
// body, which in a complete history is private talk between other seats.
// The game is re-run under this build's rules: when it was recorded under
// another rules version (see [RulesWith]) and does not re-run, the error
// is of kind RulesChanged and names both versions. It returns nil or an
// *Error.
func VerifyWith(reg *games.Registry, h *moonshinev1.GetHistoryResponse) error {
	info := h.GetGame()
	if !h.GetComplete() || info == nil {
		return &Error{Kind: Incomplete, Reason: "the history is not complete: fetch it once the game is over, or as the auditor"}
	}
	if err := checkSeed(info); err != nil {
		return err
	}
	game, ok := reg.Lookup(info.GetGame())
	if !ok {
		return &Error{Kind: Malformed, Reason: fmt.Sprintf("unknown game %q", info.GetGame())}
	}
	opts, err := game.Options(info.GetConfig().GetOptions())
	if err != nil {
		return &Error{Kind: Malformed, Reason: "options: " + err.Error()}
	}
	events, err := gameEvents(game, h.GetEvents(), info.GetVersion())
	if err != nil {
		return err
	}
	commands, err := logged(game, h.GetCommands())
	if err != nil {
		return err
	}
	cfg := engine.Config{Players: int(info.GetConfig().GetPlayers()), Options: opts, RulesVersion: recordedRules(info)}
	if err := engine.VerifyUndone(game.Module, cfg, info.GetSeed(), commands, events, undos(h.GetEvents())); err != nil {
		var ve *engine.VerifyError
		switch {
		case errors.As(err, &ve) && ve.Rules != "":
			return &Error{Kind: RulesChanged, Seq: ve.Seq, Reason: ve.Rules + ": " + ve.Reason, Recorded: ve.Recorded, Replayed: ve.Replayed}
		case errors.As(err, &ve):
			return &Error{Kind: Mismatch, Seq: ve.Seq, Reason: ve.Reason, Recorded: ve.Recorded, Replayed: ve.Replayed}
		}
		return &Error{Kind: Mismatch, Reason: err.Error()}
	}
	if err := checkEnd(game, h, events); err != nil {
		return err
	}
	return checkLabels(game, h)
}

// Rules names the rules of a history against the games Moonshine hosts
// (games.Default()). See [RulesWith].
func Rules(h *moonshinev1.GetHistoryResponse) (game, recorded, build string) {
	return RulesWith(games.Default(), h)
}

// RulesWith names the rules of a history: its game's id, the rules version
// it was recorded under (engine.UnrecordedRulesVersion when its
// configuration names none: the game predates the record), and the version
// this build plays (the module's RulesVersion; "" when reg does not host
// the game).
func RulesWith(reg *games.Registry, h *moonshinev1.GetHistoryResponse) (game, recorded, build string) {
	info := h.GetGame()
	if g, ok := reg.Lookup(info.GetGame()); ok {
		build = g.RulesVersion
	}
	return info.GetGame(), recordedRules(info), build
}

// recordedRules is the rules version a game was recorded under.
func recordedRules(info *moonshinev1.GameInfo) string {
	if v := info.GetConfig().GetRulesVersion(); v != "" {
		return v
	}
	return engine.UnrecordedRulesVersion
}

// checkSeed checks the revealed seed against the commitment.
func checkSeed(info *moonshinev1.GameInfo) error {
	seed := info.GetSeed()
	if len(seed) == 0 {
		return &Error{Kind: BadSeed, Reason: "the seed is not revealed"}
	}
	sum := sha256.Sum256(seed)
	if !bytes.Equal(sum[:], info.GetSeedCommitment()) {
		return &Error{Kind: BadSeed, Reason: fmt.Sprintf("SHA-256 of the seed is %x, the published commitment is %x", sum, info.GetSeedCommitment())}
	}
	return nil
}

// gameEvents checks that the events are numbered 1..version and returns the
// game's own, table talk left out.
func gameEvents(game *games.Module, evs []*moonshinev1.Event, version int64) ([]engine.Recorded, error) {
	if int64(len(evs)) != version {
		return nil, &Error{Kind: Malformed, Reason: fmt.Sprintf("%d events for a game at version %d", len(evs), version)}
	}
	out := make([]engine.Recorded, 0, len(evs))
	for i, ev := range evs {
		if ev.GetSeq() != int64(i+1) {
			return nil, &Error{Kind: Malformed, Seq: int64(i + 1), Reason: fmt.Sprintf("event numbered %d", ev.GetSeq())}
		}
		se := &moonshinev1.StoredEvent{Public: ev.GetPublic(), Private: ev.GetPrivate()}
		if games.IsPlatform(se) || (se.Public == nil && len(se.Private) == 0) {
			continue
		}
		body, err := game.DecodeEvent(se)
		if err != nil {
			return nil, &Error{Kind: Malformed, Seq: ev.GetSeq(), Reason: "not an event of " + game.Name() + ": " + err.Error()}
		}
		out = append(out, engine.Recorded{Seq: ev.GetSeq(), Event: body})
	}
	return out, nil
}

// logged converts the command log.
func logged(game *games.Module, cmds []*moonshinev1.LoggedCommand) ([]engine.Logged, error) {
	out := make([]engine.Logged, 0, len(cmds))
	for _, c := range cmds {
		inner, err := game.Command(c.GetCommand())
		if err != nil {
			return nil, &Error{Kind: Malformed, Seq: c.GetFirstSeq(), Reason: fmt.Sprintf("command %q: %v", c.GetCommandId(), err)}
		}
		out = append(out, engine.Logged{Seat: engine.Seat(c.GetSeat()), Command: inner, FirstSeq: c.GetFirstSeq(), LastSeq: c.GetLastSeq()})
	}
	return out, nil
}

// undos returns the takebacks of a history: the table events that undo
// the game's events from their from_seq on (engine.Undo).
func undos(evs []*moonshinev1.Event) []engine.Undo {
	var out []engine.Undo
	for _, ev := range evs {
		if tb := ev.GetPublic().GetTable().GetTakenBack(); tb != nil {
			out = append(out, engine.Undo{Seq: ev.GetSeq(), From: tb.GetFromSeq()})
		}
	}
	return out
}
