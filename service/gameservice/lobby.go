package gameservice

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"github.com/moonshine-games/moonshine/service/rpcstatus"
	"strings"
	"time"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/games"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/auth"
	"github.com/moonshine-games/moonshine/service/eventstore"
	"github.com/moonshine-games/moonshine/service/gamehost"
	"github.com/moonshine-games/moonshine/service/projection"
	"google.golang.org/protobuf/proto"
)

// The lobby's RPCs: the games hosted and their rules, the tables, and
// creating and joining one.

// List page sizes.
const (
	defaultPage = 50
	maxPage     = 100
)

// ListRules implements moonshinev1.GameServiceServer: every hosted game's
// module, without its board.
func (s *Service) ListRules(context.Context, *moonshinev1.ListRulesRequest) (*moonshinev1.ListRulesResponse, error) {
	out := &moonshinev1.ListRulesResponse{}
	for _, m := range s.games.Modules() {
		out.Games = append(out.Games, m.Describe(false))
	}
	return out, nil
}

// GetRules implements moonshinev1.GameServiceServer: one hosted game's
// module, with its board.
func (s *Service) GetRules(_ context.Context, req *moonshinev1.GetRulesRequest) (*moonshinev1.GetRulesResponse, error) {
	m, ok := s.games.Lookup(req.GetGame())
	if !ok {
		return nil, unknownGame(req.GetGame(), s.games.Names())
	}
	return &moonshinev1.GetRulesResponse{Rules: m.Describe(true)}, nil
}

// unknownGame refuses a rules id the server does not host, as a mistake
// in the request's game field.
func unknownGame(game string, hosted []string) error {
	return rpcstatus.BadRequest("game", "unknown game %q (hosted: %s)", game, strings.Join(hosted, ", "))
}

// GetGame implements moonshinev1.GameServiceServer: the game's record, as
// the store keeps it on every write; nothing is folded.
func (s *Service) GetGame(ctx context.Context, req *moonshinev1.GetGameRequest) (*moonshinev1.GetGameResponse, error) {
	if req.GetGameId() == "" {
		return nil, rpcstatus.BadRequest("game_id", "required")
	}
	rec, err := s.host.Store().GetGame(ctx, req.GetGameId())
	if err != nil {
		return nil, err
	}
	info, err := projection.RecordInfo(rec)
	if err != nil {
		return nil, err
	}
	return &moonshinev1.GetGameResponse{Game: info}, nil
}

// ListGames implements moonshinev1.GameServiceServer: one query of the
// games' records (the store's read model), newest first; nothing is
// folded.
func (s *Service) ListGames(ctx context.Context, req *moonshinev1.ListGamesRequest) (*moonshinev1.ListGamesResponse, error) {
	f, err := listFilter(req)
	if err != nil {
		return nil, err
	}
	recs, err := s.host.Store().ListGames(ctx, f)
	if err != nil {
		return nil, err
	}
	out := &moonshinev1.ListGamesResponse{}
	for _, rec := range recs {
		info, err := projection.RecordInfo(rec)
		if err != nil {
			return nil, err
		}
		out.Games = append(out.Games, info)
	}
	if len(recs) == f.Limit {
		out.NextPageToken = recs[len(recs)-1].ID
	}
	return out, nil
}

// listStatus maps the statuses a listing may ask for.
var listStatus = map[moonshinev1.GameStatus]eventstore.Status{
	moonshinev1.GameStatus_GAME_STATUS_UNSPECIFIED: 0,
	moonshinev1.GameStatus_GAME_STATUS_OPEN:        eventstore.StatusOpen,
	moonshinev1.GameStatus_GAME_STATUS_ACTIVE:      eventstore.StatusActive,
	moonshinev1.GameStatus_GAME_STATUS_OVER:        eventstore.StatusOver,
}

// listFilter checks a ListGames request and returns the store's filter.
func listFilter(req *moonshinev1.ListGamesRequest) (eventstore.ListFilter, error) {
	st, ok := listStatus[req.GetStatus()]
	switch {
	case !ok:
		return eventstore.ListFilter{}, rpcstatus.BadRequest("status", "unknown status %d", req.GetStatus())
	case req.GetPageSize() < 0:
		return eventstore.ListFilter{}, rpcstatus.BadRequest("page_size", "must not be negative")
	case req.GetMinOpenSeats() < 0:
		return eventstore.ListFilter{}, rpcstatus.BadRequest("min_open_seats", "must not be negative")
	case req.GetPlayers() < 0:
		return eventstore.ListFilter{}, rpcstatus.BadRequest("players", "must not be negative")
	}
	size := int(req.GetPageSize())
	if size == 0 {
		size = defaultPage
	}
	return eventstore.ListFilter{Rules: req.GetGame(), Status: st, MinOpenSeats: int(req.GetMinOpenSeats()),
		Players: int(req.GetPlayers()), Listed: true, AfterID: req.GetPageToken(), Limit: min(size, maxPage)}, nil
}

// CreateGame implements moonshinev1.GameServiceServer.
func (s *Service) CreateGame(ctx context.Context, req *moonshinev1.CreateGameRequest) (*moonshinev1.CreateGameResponse, error) {
	if err := s.limits.create(ctx); err != nil {
		return nil, err
	}
	mod, opts, err := checkCreate(s.games, req)
	if err != nil {
		return nil, err
	}
	seed := make([]byte, engine.SeedSize)
	rand.Read(seed)
	table, cfg, err := tableOf(mod, req.GetConfig(), opts)
	if err != nil {
		return nil, err
	}
	opening, evs, err := engine.Start(mod.Rules, table, seed)
	if err != nil {
		return nil, err
	}
	creator, err := auth.NewToken()
	if err != nil {
		return nil, err
	}
	bots, err := botClaims(cfg)
	if err != nil {
		return nil, err
	}
	unlisted, _ := unlistedOf(cfg) // checked by checkCreate
	_, info, err := s.host.Create(ctx, gamehost.NewGame{Module: mod, Config: cfg, Seed: seed, CreatorHash: auth.Hash(creator),
		Unlisted: unlisted, Opening: opening, Events: evs, BotClaims: bots})
	if err != nil {
		return nil, err
	}
	return &moonshinev1.CreateGameResponse{Game: info, CreatorCredential: creator}, nil
}

// botClaims returns the claims of a table's bot seats, each with a
// credential of its own that nobody is told.
func botClaims(cfg *moonshinev1.GameConfig) ([]eventstore.SeatClaim, error) {
	var out []eventstore.SeatClaim
	for _, b := range cfg.GetBotSeats() {
		token, err := auth.NewToken()
		if err != nil {
			return nil, err
		}
		out = append(out, eventstore.SeatClaim{Seat: int(b), TokenHash: auth.Hash(token), Name: fmt.Sprintf("bot %d", b+1), ClaimedAt: time.Now().UTC()})
	}
	return out, nil
}

// checkCreate validates a CreateGame request and returns the game and its
// options.
func checkCreate(reg *games.Registry, req *moonshinev1.CreateGameRequest) (*games.Module, proto.Message, error) {
	mod, ok := reg.Lookup(req.GetGame())
	if !ok {
		return nil, nil, unknownGame(req.GetGame(), reg.Names())
	}
	cfg := req.GetConfig()
	if cfg == nil {
		return nil, nil, rpcstatus.BadRequest("config", "required")
	}
	if v, build := cfg.GetRulesVersion(), mod.RulesVersion; v != "" && v != build {
		return nil, nil, rpcstatus.BadRequest("config.rules_version", "this server plays %s rules %q, not %q; leave it empty", mod.Name(), build, v)
	}
	if err := checkBotSeats(cfg); err != nil {
		return nil, nil, err
	}
	opts, err := mod.Options(cfg.GetOptions())
	if errors.Is(err, games.ErrWrongGame) {
		return nil, nil, rpcstatus.BadRequest("config.options", "options are not for %s", mod.Name())
	}
	if _, err := unlistedOf(cfg); err != nil {
		return nil, nil, err
	}
	if err := checkTimer(cfg.GetTimer()); err != nil {
		return nil, nil, err
	}
	if cfg.GetVariant() != "" && opts != nil {
		return nil, nil, rpcstatus.BadRequest("config.variant", "a variant sets the options: give a variant or options, not both")
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

// JoinGame implements moonshinev1.GameServiceServer.
func (s *Service) JoinGame(ctx context.Context, req *moonshinev1.JoinGameRequest) (*moonshinev1.JoinGameResponse, error) {
	if err := s.limits.create(ctx); err != nil {
		return nil, err
	}
	g, err := s.host.Game(ctx, req.GetGameId())
	if err != nil {
		return nil, err
	}
	if req.Seat != nil && (req.GetSeat() < 0 || req.GetSeat() >= g.Players()) {
		return nil, rpcstatus.BadRequest("seat", "no seat %d at a table of %d", req.GetSeat(), g.Players())
	}
	token, err := auth.NewToken()
	if err != nil {
		return nil, err
	}
	seat, at, err := s.host.Claim(ctx, g, req.Seat, req.GetName(), auth.Hash(token))
	if err != nil {
		return nil, err
	}
	s.timers.StartClocks(ctx, g)
	info, err := s.host.Info(ctx, g, at, false)
	if err != nil {
		return nil, err
	}
	return &moonshinev1.JoinGameResponse{Seat: seat, Credential: token, Game: info}, nil
}
