package gameservice

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/moonshine-games/moonshine/engine"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/auth"
	"github.com/moonshine-games/moonshine/service/eventstore"
	"github.com/moonshine-games/moonshine/service/games"
	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/proto"
)

// CreateGame implements moonshinev1.GameServiceServer.
func (s *Service) CreateGame(ctx context.Context, req *moonshinev1.CreateGameRequest) (*moonshinev1.CreateGameResponse, error) {
	if err := s.allowCreate(ctx); err != nil {
		return nil, err
	}
	game, opts, err := s.checkCreate(req)
	if err != nil {
		return nil, err
	}
	seed := make([]byte, engine.SeedSize)
	rand.Read(seed)
	// The stored configuration records the rules version the game is
	// created under, which verification names when the rules change.
	cfg := proto.CloneOf(req.GetConfig())
	cfg.RulesVersion = engine.RulesVersion(game.Rules)
	_, evs, err := engine.Start(game.Rules, engine.Config{Players: int(cfg.GetPlayers()), Options: opts, RulesVersion: cfg.RulesVersion}, seed)
	if err != nil {
		return nil, err
	}
	t, err := s.createGame(ctx, game, cfg, seed, evs)
	if err != nil {
		return nil, err
	}
	snap, err := s.current(ctx, t, nil)
	if err != nil {
		return nil, err
	}
	info, err := s.info(ctx, t, snap, false)
	if err != nil {
		return nil, err
	}
	return &moonshinev1.CreateGameResponse{Game: info}, nil
}

// checkCreate validates a CreateGame request and returns the game and its
// options.
func (s *Service) checkCreate(req *moonshinev1.CreateGameRequest) (*games.Game, proto.Message, error) {
	game, ok := s.games.Lookup(req.GetGame())
	if !ok {
		return nil, nil, badRequest("game", "unknown game %q (hosted: %s)", req.GetGame(), strings.Join(s.games.Names(), ", "))
	}
	cfg := req.GetConfig()
	if cfg == nil {
		return nil, nil, badRequest("config", "required")
	}
	if v, build := cfg.GetRulesVersion(), engine.RulesVersion(game.Rules); v != "" && v != build {
		return nil, nil, badRequest("config.rules_version", "this server plays %s rules %q, not %q; leave it empty", game.Name(), build, v)
	}
	for i, b := range cfg.GetBotSeats() {
		if b < 0 || b >= cfg.GetPlayers() || slices.Contains(cfg.GetBotSeats()[:i], b) {
			return nil, nil, badRequest("config.bot_seats", "seat %d is out of range or repeated", b)
		}
	}
	opts, err := game.Options(cfg.GetOptions())
	if errors.Is(err, games.ErrWrongGame) {
		return nil, nil, badRequest("config.options", "options are not for %s", game.Name())
	}
	return game, opts, nil
}

// createGame stores a new game with its opening events and claims its bot
// seats.
func (s *Service) createGame(ctx context.Context, game *games.Game, cfg *moonshinev1.GameConfig, seed []byte, evs []engine.Event) (*table, error) {
	data, err := encodeEvents(game, evs)
	if err != nil {
		return nil, err
	}
	cfgData, err := proto.Marshal(cfg)
	if err != nil {
		return nil, err
	}
	commit := engine.SeedCommitment(seed)
	meta := eventstore.Game{ID: newGameID(), Rules: game.Name(), Config: cfgData, Seed: seed,
		SeedCommitment: commit[:], CreatedAt: time.Now().UTC()}
	if _, err := s.store.CreateGame(ctx, meta, data); err != nil {
		return nil, err
	}
	for _, b := range cfg.GetBotSeats() {
		token, err := auth.NewToken()
		if err != nil {
			return nil, err
		}
		claim := eventstore.SeatClaim{GameID: meta.ID, Seat: int(b), TokenHash: auth.Hash(token),
			Name: fmt.Sprintf("bot %d", b+1), ClaimedAt: time.Now().UTC()}
		if err := s.store.ClaimSeat(ctx, claim); err != nil {
			return nil, err
		}
	}
	return s.table(ctx, meta.ID)
}

// newGameID returns a random game id.
func newGameID() string { return strings.ToLower(rand.Text()[:16]) }

// encodeEvents marshals events in their stored form.
func encodeEvents(game *games.Game, evs []engine.Event) ([][]byte, error) {
	out := make([][]byte, len(evs))
	for i, ev := range evs {
		b, err := proto.Marshal(game.EncodeEvent(ev))
		if err != nil {
			return nil, err
		}
		out[i] = b
	}
	return out, nil
}

// JoinGame implements moonshinev1.GameServiceServer.
func (s *Service) JoinGame(ctx context.Context, req *moonshinev1.JoinGameRequest) (*moonshinev1.JoinGameResponse, error) {
	if err := s.allowCreate(ctx); err != nil {
		return nil, err
	}
	t, err := s.table(ctx, req.GetGameId())
	if err != nil {
		return nil, err
	}
	if req.Seat != nil && (req.GetSeat() < 0 || req.GetSeat() >= t.cfg.GetPlayers()) {
		return nil, badRequest("seat", "no seat %d at a table of %d", req.GetSeat(), t.cfg.GetPlayers())
	}
	snap, err := s.current(ctx, t, nil)
	if err != nil {
		return nil, err
	}
	if snap.over {
		return nil, engine.ErrGameOver
	}
	seat, token, err := s.claim(ctx, t, req)
	if err != nil {
		return nil, err
	}
	info, err := s.info(ctx, t, snap, false)
	if err != nil {
		return nil, err
	}
	return &moonshinev1.JoinGameResponse{Seat: seat, Credential: token, Game: info}, nil
}

// claim claims the requested seat, or the lowest free one, with a new
// credential.
func (s *Service) claim(ctx context.Context, t *table, req *moonshinev1.JoinGameRequest) (int32, string, error) {
	token, err := auth.NewToken()
	if err != nil {
		return 0, "", err
	}
	for {
		seat, err := s.pickSeat(ctx, t, req)
		if err != nil {
			return 0, "", err
		}
		err = s.store.ClaimSeat(ctx, eventstore.SeatClaim{GameID: t.meta.ID, Seat: int(seat),
			TokenHash: auth.Hash(token), Name: req.GetName(), ClaimedAt: time.Now().UTC()})
		if errors.Is(err, eventstore.ErrSeatTaken) && req.Seat == nil {
			continue // another player took it first: try the next free seat
		}
		return seat, token, err
	}
}

// pickSeat returns the requested seat, or the lowest free human seat.
func (s *Service) pickSeat(ctx context.Context, t *table, req *moonshinev1.JoinGameRequest) (int32, error) {
	if req.Seat != nil {
		if slices.Contains(t.cfg.GetBotSeats(), req.GetSeat()) {
			return 0, eventstore.ErrSeatTaken // the bot's, even before its claim lands
		}
		return req.GetSeat(), nil
	}
	claims, err := s.store.Seats(ctx, t.meta.ID)
	if err != nil {
		return 0, err
	}
	taken := make([]bool, t.cfg.GetPlayers())
	for _, b := range t.cfg.GetBotSeats() {
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
	return 0, refuse(codes.FailedPrecondition, ReasonTableFull, "every seat is taken")
}
