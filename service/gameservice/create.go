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
	"github.com/moonshine-games/moonshine/games"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/auth"
	"github.com/moonshine-games/moonshine/service/eventstore"
	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/proto"
)

// CreateGame implements moonshinev1.GameServiceServer.
func (s *Service) CreateGame(ctx context.Context, req *moonshinev1.CreateGameRequest) (*moonshinev1.CreateGameResponse, error) {
	if err := s.allowCreate(ctx); err != nil {
		return nil, err
	}
	mod, opts, err := s.checkCreate(req)
	if err != nil {
		return nil, err
	}
	seed := make([]byte, engine.SeedSize)
	rand.Read(seed)
	table, cfg, err := tableOf(mod, req.GetConfig(), opts)
	if err != nil {
		return nil, err
	}
	g, evs, err := engine.Start(mod.Rules, table, seed)
	if err != nil {
		return nil, err
	}
	version := g.Version // the table's from here on: bots may play it at once
	creator, err := auth.NewToken()
	if err != nil {
		return nil, err
	}
	t, claims, err := s.createGame(ctx, mod, cfg, seed, auth.Hash(creator), g, evs)
	if err != nil {
		return nil, err
	}
	rec := t.record
	rec.Seats = claims
	return &moonshinev1.CreateGameResponse{Game: describe(rec, t.cfg, snapshot{version: version}, false), CreatorCredential: creator}, nil
}

// checkCreate validates a CreateGame request and returns the game and its
// options.
func (s *Service) checkCreate(req *moonshinev1.CreateGameRequest) (*games.Module, proto.Message, error) {
	mod, ok := s.games.Lookup(req.GetGame())
	if !ok {
		return nil, nil, unknownGame(req.GetGame(), s.games.Names())
	}
	cfg := req.GetConfig()
	if cfg == nil {
		return nil, nil, badRequest("config", "required")
	}
	if v, build := cfg.GetRulesVersion(), mod.RulesVersion; v != "" && v != build {
		return nil, nil, badRequest("config.rules_version", "this server plays %s rules %q, not %q; leave it empty", mod.Name(), build, v)
	}
	for i, b := range cfg.GetBotSeats() {
		if b < 0 || b >= cfg.GetPlayers() || slices.Contains(cfg.GetBotSeats()[:i], b) {
			return nil, nil, badRequest("config.bot_seats", "seat %d is out of range or repeated", b)
		}
	}
	if err := checkBotLevels(cfg); err != nil {
		return nil, nil, err
	}
	opts, err := mod.Options(cfg.GetOptions())
	if errors.Is(err, games.ErrWrongGame) {
		return nil, nil, badRequest("config.options", "options are not for %s", mod.Name())
	}
	if _, err := unlistedOf(cfg); err != nil {
		return nil, nil, err
	}
	if err := checkTimer(cfg.GetTimer()); err != nil {
		return nil, nil, err
	}
	if cfg.GetVariant() != "" && opts != nil {
		return nil, nil, badRequest("config.variant", "a variant sets the options: give a variant or options, not both")
	}
	return mod, opts, nil
}

// tableOf returns the table to start and the configuration to store: a
// variant's players and options (Module.Table refuses an unknown variant
// or a player count it does not allow), or the options as given and the
// variant they are, if any. The stored configuration holds the options
// either way, so that a history verifies without knowing the variants,
// and the rules version the game is created under, which verification
// names when the rules change.
func tableOf(mod *games.Module, req *moonshinev1.GameConfig, opts proto.Message) (engine.Config, *moonshinev1.GameConfig, error) {
	cfg := proto.CloneOf(req)
	cfg.RulesVersion = mod.RulesVersion
	players := int(req.GetPlayers())
	if req.GetVariant() == "" {
		cfg.Variant = mod.VariantOf(players, opts)
		return engine.Config{Players: players, Options: opts, RulesVersion: cfg.RulesVersion}, cfg, nil
	}
	table, err := mod.Table(req.GetVariant(), players)
	if err != nil {
		return engine.Config{}, nil, err
	}
	table.RulesVersion = cfg.RulesVersion
	cfg.Options = nil
	if table.Options != nil {
		cfg.Options = mod.WrapOptions(table.Options)
	}
	return table, cfg, nil
}

// createGame stores a new game with its opening events, claims its bot
// seats, and caches the game it was dealt: nothing is read back. It
// returns the table and the claims. creatorHash is the hash of the
// creator credential.
func (s *Service) createGame(ctx context.Context, mod *games.Module, cfg *moonshinev1.GameConfig, seed, creatorHash []byte, g *engine.Game, evs []engine.Event) (*table, []eventstore.SeatClaim, error) {
	_, data, err := encodeEvents(mod, evs)
	if err != nil {
		return nil, nil, err
	}
	cfgData, err := proto.Marshal(cfg)
	if err != nil {
		return nil, nil, err
	}
	commit := engine.SeedCommitment(seed)
	unlisted, _ := unlistedOf(cfg) // checked by checkCreate
	rec := eventstore.GameRecord{Unlisted: unlisted, CreatorHash: creatorHash, ID: newGameID(), Rules: mod.Name(), Config: cfgData, Seed: seed,
		SeedCommitment: commit[:], CreatedAt: time.Now().UTC().Truncate(time.Microsecond),
		Players: int(cfg.GetPlayers()), Variant: cfg.GetVariant()}
	res, err := s.store.CreateGame(ctx, rec, data)
	if err != nil {
		return nil, nil, err
	}
	rec.Version = res.LastSeq
	var claims []eventstore.SeatClaim
	for _, b := range cfg.GetBotSeats() {
		token, err := auth.NewToken()
		if err != nil {
			return nil, nil, err
		}
		claim := eventstore.SeatClaim{GameID: rec.ID, Seat: int(b), TokenHash: auth.Hash(token),
			Name: fmt.Sprintf("bot %d", b+1), ClaimedAt: time.Now().UTC()}
		if err := s.store.ClaimSeat(ctx, claim); err != nil {
			return nil, nil, err
		}
		claims = append(claims, claim)
	}
	for _, c := range claims {
		c.TokenHash = nil // a record's claims never carry it
		rec.Seats = append(rec.Seats, c)
	}
	t := newTable(rec, cfg, mod, g, g.Version)
	t = s.tables.put(rec.ID, t, t.size())
	if len(claims) > 0 {
		s.bots.kick(rec.ID)
	}
	return t, claims, nil
}

// newGameID returns a random game id.
func newGameID() string { return strings.ToLower(rand.Text()[:16]) }

// encodeEvents returns events in their stored form, and marshalled.
func encodeEvents(mod *games.Module, evs []engine.Event) ([]*moonshinev1.StoredEvent, [][]byte, error) {
	stored := make([]*moonshinev1.StoredEvent, len(evs))
	out := make([][]byte, len(evs))
	for i, ev := range evs {
		stored[i] = mod.EncodeEvent(ev)
		b, err := proto.Marshal(stored[i])
		if err != nil {
			return nil, nil, err
		}
		out[i] = b
	}
	return stored, out, nil
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
	snap, err := s.current(ctx, t, 0, nil)
	if err != nil {
		return nil, err
	}
	if snap.over {
		return nil, engine.ErrGameOver
	}
	if err := t.refuseCancelled(); err != nil {
		return nil, err
	}
	seat, token, err := s.claim(ctx, t, req)
	if err != nil {
		return nil, err
	}
	s.startClocks(ctx, t)
	info, err := s.infoAt(ctx, t, snap, false)
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
		c := eventstore.SeatClaim{GameID: t.record.ID, Seat: int(seat),
			TokenHash: auth.Hash(token), Name: req.GetName(), ClaimedAt: time.Now().UTC()}
		err = s.store.ClaimSeat(ctx, c)
		if errors.Is(err, eventstore.ErrSeatTaken) && req.Seat == nil {
			continue // another player took it first: try the next free seat
		}
		if err == nil {
			s.authn.Claims.Remember(c) // its first call needs no lookup
			t.claimed(c)
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
	claims, err := s.store.Seats(ctx, t.record.ID)
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
