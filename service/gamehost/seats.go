package gamehost

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/games"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/eventstore"
	"github.com/moonshine-games/moonshine/service/projection"
	"google.golang.org/protobuf/proto"
)

// NewGame is a game to create: its module and table configuration, its
// seed, the hash of its creator credential, and its opening as
// engine.Start dealt it.
type NewGame struct {
	Module      *games.Module
	Config      *moonshinev1.GameConfig
	Seed        []byte
	CreatorHash []byte
	Unlisted    bool
	Opening     *engine.Game
	Events      []engine.Event
	// BotClaims are the bot seats' claims (their credentials' hashes),
	// made with the game.
	BotClaims []eventstore.SeatClaim
}

// Create stores a new game with its opening events, claims its bot seats,
// and keeps the game it was dealt: nothing is read back. It returns the
// game and its metadata.
func (h *Host) Create(ctx context.Context, n NewGame) (*Game, *moonshinev1.GameInfo, error) {
	data := make([][]byte, len(n.Events))
	for i, ev := range n.Events {
		var err error
		if data[i], err = proto.Marshal(n.Module.EncodeEvent(ev)); err != nil {
			return nil, nil, err
		}
	}
	cfgData, err := proto.Marshal(n.Config)
	if err != nil {
		return nil, nil, err
	}
	commit := engine.SeedCommitment(n.Seed)
	rec := eventstore.GameRecord{Unlisted: n.Unlisted, CreatorHash: n.CreatorHash, ID: newGameID(), Rules: n.Module.Name(),
		Config: cfgData, Seed: n.Seed, SeedCommitment: commit[:], CreatedAt: time.Now().UTC().Truncate(time.Microsecond),
		Players: int(n.Config.GetPlayers()), Variant: n.Config.GetVariant()}
	res, err := h.store.CreateGame(ctx, rec, data)
	if err != nil {
		return nil, nil, err
	}
	rec.Version = res.LastSeq
	for _, c := range n.BotClaims {
		c.GameID = rec.ID
		if err := h.store.ClaimSeat(ctx, c); err != nil {
			return nil, nil, err
		}
		c.TokenHash = nil // a record's claims never carry it
		rec.Seats = append(rec.Seats, c)
	}
	g := newGame(rec, n.Config, n.Module, n.Opening)
	info := projection.Info(rec, n.Config, projection.At{Version: n.Opening.Version}, false)
	g, _ = h.cache.Put(rec.ID, g, g.overhead(), false)
	h.measure.queue(g)
	if len(n.BotClaims) > 0 {
		h.hooks.Moved(rec.ID)
	}
	return g, info, nil
}

// newGameID returns a random game id.
func newGameID() string { return strings.ToLower(rand.Text()[:16]) }

// Claim claims a seat of the game for a player with the credential whose
// hash is tokenHash: the seat asked for (want), or the lowest free seat
// that is no bot's. It refuses a game that is over or cancelled, and a
// seat that is taken (eventstore.ErrSeatTaken, or ErrTableFull when none
// is free). It returns the seat and where the game stood.
func (h *Host) Claim(ctx context.Context, g *Game, want *int32, name string, tokenHash []byte) (int32, projection.At, error) {
	at, err := h.Read(ctx, g, 0, nil)
	if err != nil {
		return 0, at, err
	}
	if at.Over {
		return 0, at, engine.ErrGameOver
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if err := g.refuseCancelled(); err != nil {
		return 0, at, err
	}
	for {
		seat, err := pickSeat(ctx, h.store, g, want)
		if err != nil {
			return 0, at, err
		}
		c := eventstore.SeatClaim{GameID: g.record.ID, Seat: int(seat), TokenHash: tokenHash, Name: name, ClaimedAt: time.Now().UTC()}
		err = h.store.ClaimSeat(ctx, c)
		if errors.Is(err, eventstore.ErrSeatTaken) && want == nil {
			continue // another player took it first: try the next free seat
		}
		if err == nil {
			h.claims.Remember(c) // its first call needs no lookup
			g.seating.Claimed(c)
		}
		return seat, at, err
	}
}

// pickSeat returns the seat asked for, or the lowest free seat that is no
// bot's. The caller holds g.mu.
func pickSeat(ctx context.Context, store eventstore.Store, g *Game, want *int32) (int32, error) {
	if want != nil {
		if g.IsBotSeat(*want) {
			return 0, eventstore.ErrSeatTaken // the bot's, even before its claim lands
		}
		return *want, nil
	}
	claims, err := store.Seats(ctx, g.record.ID)
	if err != nil {
		return 0, err
	}
	taken := make([]bool, g.cfg.GetPlayers())
	for _, b := range g.cfg.GetBotSeats() {
		taken[b] = true
	}
	for _, c := range claims {
		if c.Seat >= 0 && c.Seat < len(taken) {
			taken[c.Seat] = true
		}
	}
	for i, tk := range taken {
		if !tk {
			return int32(i), nil
		}
	}
	return 0, ErrTableFull
}

// ChangeTable appends a table event with the change that commits with it
// (a seat freed, a credential rotated, the game cancelled: see
// eventstore.TableChange) at expected (nil: whatever the game's version),
// and returns where the game stands with it folded.
func (h *Host) ChangeTable(ctx context.Context, g *Game, expected *int64, te *moonshinev1.TableEvent, change eventstore.TableChange) (projection.At, error) {
	g.mu.Lock()
	p := proposal{at: g.folded.Version, table: te, change: &change, expected: eventstore.AnyVersion}
	if expected != nil {
		p.expected = *expected
	}
	a, err := h.append(ctx, g, p)
	g.mu.Unlock()
	if err != nil {
		return projection.At{}, err
	}
	if a.res.LastSeq == 0 {
		return projection.At{}, fmt.Errorf("game %s: the table change wrote nothing", g.record.ID)
	}
	return h.Read(ctx, g, a.res.LastSeq, nil)
}
