package playtest

import (
	"errors"
	"fmt"

	"google.golang.org/protobuf/proto"

	"github.com/moonshine-games/moonshine/engine"
)

// CheckApply checks a game's Apply against its Event oneof: each kind
// reaches a case of Apply's switch (an empty body of that kind, applied to
// a game just set up for cfg, never yields [engine.ErrUnknownEvent]); an
// Event that holds no kind does yield it, so the switch ends in an error,
// never a skip; a foreign body (the game's Command) is an error; and no
// body makes Apply panic. An empty body may well not fit the state: Apply
// may refuse it, as long as it does not call it unknown.
func CheckApply(r engine.Rules, cfg engine.Config) error {
	_, setup, err := engine.Start(r, cfg, []byte("playtest/apply"))
	if err != nil {
		return fmt.Errorf("start: %w", err)
	}
	kinds := engine.KindsOf(r.NewEvent())
	for _, body := range kinds.All() {
		err := applyAfter(r, setup, body)
		if errors.Is(err, engine.ErrUnknownEvent) || errors.Is(err, errPanic) {
			return fmt.Errorf("%s: %w", kinds.Name(body), err)
		}
	}
	if err := applyAfter(r, setup, r.NewEvent()); !errors.Is(err, engine.ErrUnknownEvent) {
		return fmt.Errorf("an Event without a kind: Apply says %v, not engine.ErrUnknownEvent", err)
	}
	if err := applyAfter(r, setup, r.NewCommand()); err == nil || errors.Is(err, errPanic) {
		return fmt.Errorf("a foreign body: Apply says %v", err)
	}
	return nil
}

var errPanic = errors.New("playtest: Apply panicked")

// applyAfter folds the setup into a new state and applies body to it.
func applyAfter(r engine.Rules, setup []engine.Event, body proto.Message) (err error) {
	g := engine.NewGame(r, nil)
	if err := g.Apply(setup...); err != nil {
		return fmt.Errorf("setup: %w", err)
	}
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("%w: %v", errPanic, p)
		}
	}()
	return g.State.Apply(body)
}
