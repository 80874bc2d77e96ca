package e2e

import (
	"context"
	"fmt"
	"math/rand/v2"

	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
)

// said is a table talk message a player sent.
type said struct {
	seq  int64 // in the talk stream
	from int32
	to   *int32 // nil: public
}

// player is one seat's client playing on its own: it reads its view, acts
// when its prompt says it must, and otherwise waits for its stream to move.
type player struct {
	seat    int32
	c       *client
	rec     *recorder
	rng     *rand.Rand
	players int32
	acted   int
	// views are every view the player fetched, to check what it was shown.
	views []*moonshinev1.GameView
	// midHistory is the last history the player fetched during play
	// (redacted for its seat).
	midHistory *moonshinev1.GetHistoryResponse
	said       []said
	// stop, when set, ends play early at the first view it accepts (nil:
	// play to the end).
	stop func(*moonshinev1.GameView) bool
	// idle, when set, runs at each view where the seat has nothing to do,
	// before the player waits for its stream to move.
	idle func(ctx context.Context, v *moonshinev1.GameView) error
	// maxViews bounds the views the player fetches (0: unbounded).
	maxViews int
	// choose, when set, picks the command to play from the view (whose
	// prompt says the seat must act) with the player's generator; it must
	// return a command the rules accept. nil: uniformly among the legal
	// commands.
	choose func(rng *rand.Rand, v *moonshinev1.GameView) *moonshinev1.GameCommand
}

// play runs the player until the game is over (or stop accepts a view).
func (p *player) play(ctx context.Context, game string) error {
	for {
		if p.maxViews > 0 && len(p.views) >= p.maxViews {
			return fmt.Errorf("seat %d: still playing after %d views", p.seat, len(p.views))
		}
		v, err := p.c.view(ctx, game)
		if err != nil {
			return fmt.Errorf("seat %d view: %w", p.seat, err)
		}
		p.views = append(p.views, v)
		if v.GetOutcome() != nil || (p.stop != nil && p.stop(v)) {
			return nil
		}
		if pr := v.GetPrompt(); pr.GetMustAct() && len(pr.GetLegal()) > 0 {
			if err := p.act(ctx, game, v); err != nil {
				return err
			}
			continue
		}
		if p.idle != nil {
			if err := p.idle(ctx, v); err != nil {
				return err
			}
		}
		if !p.rec.waitPast(v.GetInfo().GetVersion()) {
			_, err := p.rec.snapshot()
			return fmt.Errorf("seat %d: stream ended before the game: %v", p.seat, err)
		}
	}
}

// act submits one of the legal commands (or p.choose's), seeded, then
// talks and samples its history now and then.
func (p *player) act(ctx context.Context, game string, v *moonshinev1.GameView) error {
	var cmd *moonshinev1.GameCommand
	if p.choose != nil {
		cmd = p.choose(p.rng, v)
	} else {
		legal := v.GetPrompt().GetLegal()
		cmd = legal[p.rng.IntN(len(legal))]
	}
	id := fmt.Sprintf("seat%d-%d", p.seat, p.acted)
	_, err := p.c.api.SubmitCommand(p.c.with(ctx), &moonshinev1.SubmitCommandRequest{GameId: game, CommandId: id, Command: cmd})
	if err != nil {
		return fmt.Errorf("seat %d submit %v: %w", p.seat, cmd, err)
	}
	p.acted++
	switch p.acted {
	case 1:
		return p.say(ctx, game, nil, fmt.Sprintf("seat %d: evening, all", p.seat))
	case 3:
		to := (p.seat + 1) % p.players
		return p.say(ctx, game, &to, fmt.Sprintf("seat %d to seat %d: the rye is yours", p.seat, to))
	}
	if p.acted%5 == 0 {
		h, err := p.c.history(ctx, game)
		if err != nil {
			return fmt.Errorf("seat %d history: %w", p.seat, err)
		}
		if !h.GetComplete() {
			p.midHistory = h
		}
	}
	return nil
}

// say sends table talk and records it.
func (p *player) say(ctx context.Context, game string, to *int32, text string) error {
	res, err := p.c.api.SendMessage(p.c.with(ctx), &moonshinev1.SendMessageRequest{GameId: game, Text: text, ToSeat: to})
	if err != nil {
		return fmt.Errorf("seat %d say: %w", p.seat, err)
	}
	p.said = append(p.said, said{seq: res.GetTalk().GetSeq(), from: p.seat, to: to})
	return nil
}
