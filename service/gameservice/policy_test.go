package gameservice_test

import (
	"testing"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/games"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/boozebarons/v1"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/server"
	"google.golang.org/protobuf/proto"
)

// policyFunc adapts a function to engine.Policy, counting its calls.
type policyFunc struct {
	choose func(view proto.Message, p engine.Prompt) proto.Message
	views  *[]proto.Message
}

func (f policyFunc) Choose(view proto.Message, p engine.Prompt, _ *engine.Rand) proto.Message {
	*f.views = append(*f.views, view)
	return f.choose(view, p)
}

// botsWith plays a toy game between two bots whose game has the given
// policy, and returns the game's commands and the views the policy got.
func botsWith(t *testing.T, choose func(proto.Message, engine.Prompt) proto.Message) ([]*moonshinev1.LoggedCommand, []proto.Message) {
	t.Helper()
	var views []proto.Message
	e := newEnv(t, nil, func(cfg *server.Config) {
		m := toyModule()
		m.Policy = policyFunc{choose: choose, views: &views}
		reg, err := games.New(m)
		if err != nil {
			t.Fatal(err)
		}
		cfg.Games = reg
	})
	g := e.create(2, 0, 1)
	e.awaitEvents(g.GetGameId(), 2+toyMoves)
	return e.history(auditorToken, g.GetGameId()).GetCommands(), views
}

// TestBotsPlayTheGamesPolicy: a game's Policy decides its bots' commands,
// from the bot seat's own view.
func TestBotsPlayTheGamesPolicy(t *testing.T) {
	cmds, views := botsWith(t, func(proto.Message, engine.Prompt) proto.Message { return pass() })
	for _, c := range cmds {
		if c.GetCommand().GetBoozeBarons().GetPass() == nil {
			t.Errorf("a bot played %v, not the policy's Pass", c.GetCommand())
		}
	}
	if len(views) != toyMoves {
		t.Errorf("the policy was asked %d times, want %d", len(views), toyMoves)
	}
	for _, v := range views {
		// A seat's toy view holds its own secret only; the auditor's also
		// the deck's 36 cards.
		if n := len(v.(*pb.View).GetDeck()); n != 1 {
			t.Errorf("the policy saw %d secrets, not its seat's one", n)
		}
	}
}

// TestBotsFallBackFromARefusedPolicy: a policy's command the rules refuse
// (or none) is replaced by a legal command; the game goes on to its end.
func TestBotsFallBackFromARefusedPolicy(t *testing.T) {
	n := 0
	cmds, _ := botsWith(t, func(proto.Message, engine.Prompt) proto.Message {
		n++
		if n%2 == 0 {
			return nil
		}
		return deliver(99)
	})
	if len(cmds) != toyMoves {
		t.Errorf("%d commands, want %d", len(cmds), toyMoves)
	}
}
