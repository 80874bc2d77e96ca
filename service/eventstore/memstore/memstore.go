package memstore

import (
	"bytes"
	"cmp"
	"context"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/moonshine-games/moonshine/service/eventstore"
	"github.com/moonshine-games/moonshine/service/eventstore/internal/fanout"
)

// Store is an in-memory event store. Use New.
type Store struct {
	mu      sync.RWMutex
	games   map[string]*game
	all     []ref // every event in position order
	tokens  map[string]eventstore.SeatClaim
	closed  bool
	hub     *fanout.Hub
	nowFunc func() time.Time
}

// ref locates an event: game g's event of index i.
type ref struct {
	g *game
	i int
}

type game struct {
	meta     eventstore.Game
	events   []eventstore.Event
	commands []eventstore.Command
	byCmdID  map[cmdKey]int // index into commands
	seats    map[int]eventstore.SeatClaim
}

// cmdKey is a command's key within its game: the seat and its id.
type cmdKey struct {
	seat int
	id   string
}

var _ eventstore.Store = (*Store)(nil)

// New returns an empty store.
func New() *Store {
	return &Store{
		games:   make(map[string]*game),
		tokens:  make(map[string]eventstore.SeatClaim),
		hub:     fanout.New(),
		nowFunc: func() time.Time { return time.Now().UTC().Truncate(time.Microsecond) },
	}
}

// Kind returns "memory".
func (s *Store) Kind() string { return "memory" }

func (s *Store) check(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if s.closed {
		return fmt.Errorf("memstore: store closed: %w", eventstore.ErrUnavailable)
	}
	return nil
}

// stored checks the store and returns game id (what names the request in
// a not-found error: "what of game id"). The caller holds the lock.
func (s *Store) stored(ctx context.Context, id, what string) (*game, error) {
	if err := s.check(ctx); err != nil {
		return nil, err
	}
	gm, ok := s.games[id]
	if !ok {
		return nil, fmt.Errorf("%s of game %s: %w", what, id, eventstore.ErrNotFound)
	}
	return gm, nil
}

// CreateGame implements [eventstore.Store].
func (s *Store) CreateGame(ctx context.Context, g eventstore.Game, events [][]byte) (eventstore.AppendResult, error) {
	if err := eventstore.ValidateGame(g); err != nil {
		return eventstore.AppendResult{}, err
	}
	s.mu.Lock()
	if err := s.check(ctx); err != nil {
		s.mu.Unlock()
		return eventstore.AppendResult{}, err
	}
	if _, ok := s.games[g.ID]; ok {
		s.mu.Unlock()
		return eventstore.AppendResult{}, fmt.Errorf("create game %s: %w", g.ID, eventstore.ErrGameExists)
	}
	now := s.nowFunc()
	meta := eventstore.Game{
		ID:             g.ID,
		Rules:          g.Rules,
		Config:         bytes.Clone(g.Config),
		Seed:           bytes.Clone(g.Seed),
		SeedCommitment: bytes.Clone(g.SeedCommitment),
		CreatedAt:      g.CreatedAt.UTC().Truncate(time.Microsecond),
	}
	if g.CreatedAt.IsZero() {
		meta.CreatedAt = now
	}
	gm := &game{meta: meta, byCmdID: make(map[cmdKey]int), seats: make(map[int]eventstore.SeatClaim)}
	s.games[g.ID] = gm
	res := s.appendLocked(gm, events, now)
	s.mu.Unlock()
	s.hub.Notify(g.ID)
	return res, nil
}

// appendLocked writes events to gm; s.mu must be held for writing.
func (s *Store) appendLocked(gm *game, events [][]byte, now time.Time) eventstore.AppendResult {
	res := eventstore.AppendResult{FirstSeq: gm.meta.Version + 1, LastSeq: gm.meta.Version + int64(len(events))}
	if len(events) == 0 {
		res.FirstSeq = gm.meta.Version
	}
	for _, d := range events {
		gm.meta.Version++
		e := eventstore.Event{
			GameID:     gm.meta.ID,
			Seq:        gm.meta.Version,
			Position:   eventstore.Position{N: int64(len(s.all)) + 1},
			Data:       bytes.Clone(d),
			RecordedAt: now,
		}
		gm.events = append(gm.events, e)
		s.all = append(s.all, ref{gm, len(gm.events) - 1})
	}
	return res
}

// GetGame implements [eventstore.Store].
func (s *Store) GetGame(ctx context.Context, id string) (eventstore.Game, error) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	if err := s.check(ctx); err != nil {
		return eventstore.Game{}, err
	}
	gm, ok := s.games[id]
	if !ok {
		return eventstore.Game{}, fmt.Errorf("game %s: %w", id, eventstore.ErrNotFound)
	}
	return cloneGame(gm.meta), nil
}

func cloneGame(g eventstore.Game) eventstore.Game {
	g.Config = bytes.Clone(g.Config)
	g.Seed = bytes.Clone(g.Seed)
	g.SeedCommitment = bytes.Clone(g.SeedCommitment)
	return g
}

func compareGames(a, b eventstore.Game) int {
	if c := a.CreatedAt.Compare(b.CreatedAt); c != 0 {
		return c
	}
	return cmp.Compare(a.ID, b.ID)
}

// ListGames implements [eventstore.Store].
func (s *Store) ListGames(ctx context.Context, f eventstore.ListFilter) ([]eventstore.Game, error) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	if err := s.check(ctx); err != nil {
		return nil, err
	}
	limit := f.Limit
	if limit <= 0 {
		limit = 100
	}
	var after *eventstore.Game
	if f.AfterID != "" {
		gm, ok := s.games[f.AfterID]
		if !ok {
			return nil, nil
		}
		after = &gm.meta
	}
	var out []eventstore.Game
	for _, gm := range s.games {
		if f.Rules != "" && gm.meta.Rules != f.Rules {
			continue
		}
		if after != nil && compareGames(gm.meta, *after) <= 0 {
			continue
		}
		out = append(out, gm.meta)
	}
	slices.SortFunc(out, compareGames)
	if len(out) > limit {
		out = out[:limit]
	}
	for i := range out {
		out[i] = cloneGame(out[i])
	}
	return out, nil
}

// Append implements [eventstore.Store].
func (s *Store) Append(ctx context.Context, req eventstore.AppendRequest) (eventstore.AppendResult, error) {
	if err := eventstore.ValidateAppend(req); err != nil {
		return eventstore.AppendResult{}, err
	}
	s.mu.Lock()
	if err := s.check(ctx); err != nil {
		s.mu.Unlock()
		return eventstore.AppendResult{}, err
	}
	gm, ok := s.games[req.GameID]
	if !ok {
		s.mu.Unlock()
		return eventstore.AppendResult{}, fmt.Errorf("append to game %s: %w", req.GameID, eventstore.ErrNotFound)
	}
	if req.Command != nil {
		if i, ok := gm.byCmdID[cmdKey{req.Command.Seat, req.Command.ID}]; ok {
			c := cloneCommand(gm.commands[i])
			s.mu.Unlock()
			return eventstore.AppendResult{FirstSeq: c.FirstSeq, LastSeq: c.LastSeq, Duplicate: true, DuplicateOf: &c}, nil
		}
	}
	if req.ExpectedVersion != eventstore.AnyVersion && req.ExpectedVersion != gm.meta.Version {
		v := gm.meta.Version
		s.mu.Unlock()
		return eventstore.AppendResult{}, &eventstore.VersionConflictError{GameID: req.GameID, ExpectedVersion: req.ExpectedVersion, ActualVersion: v}
	}
	now := s.nowFunc()
	res := s.appendLocked(gm, req.Events, now)
	if req.Command != nil {
		c := eventstore.Command{
			GameID:     req.GameID,
			ID:         req.Command.ID,
			Seat:       req.Command.Seat,
			Data:       bytes.Clone(req.Command.Data),
			FirstSeq:   res.FirstSeq,
			LastSeq:    res.LastSeq,
			RecordedAt: now,
		}
		gm.byCmdID[cmdKey{c.Seat, c.ID}] = len(gm.commands)
		gm.commands = append(gm.commands, c)
	}
	s.mu.Unlock()
	s.hub.Notify(req.GameID)
	return res, nil
}

func cloneCommand(c eventstore.Command) eventstore.Command {
	c.Data = bytes.Clone(c.Data)
	return c
}

// LookupCommand implements [eventstore.Store].
func (s *Store) LookupCommand(ctx context.Context, gameID string, seat int, commandID string) (eventstore.Command, error) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	gm, err := s.stored(ctx, gameID, "command "+commandID)
	if err != nil {
		return eventstore.Command{}, err
	}
	i, ok := gm.byCmdID[cmdKey{seat, commandID}]
	if !ok {
		return eventstore.Command{}, fmt.Errorf("command %s of seat %d of game %s: %w", commandID, seat, gameID, eventstore.ErrNotFound)
	}
	return cloneCommand(gm.commands[i]), nil
}

// Commands implements [eventstore.Store].
func (s *Store) Commands(ctx context.Context, gameID string) ([]eventstore.Command, error) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	gm, err := s.stored(ctx, gameID, "commands")
	if err != nil {
		return nil, err
	}
	out := make([]eventstore.Command, len(gm.commands))
	for i, c := range gm.commands {
		out[i] = cloneCommand(c)
	}
	return out, nil
}

// ReadStream implements [eventstore.Store].
func (s *Store) ReadStream(ctx context.Context, gameID string, afterSeq int64, limit int) ([]eventstore.Event, error) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	gm, err := s.stored(ctx, gameID, "events")
	if err != nil {
		return nil, err
	}
	// Seqs are dense from 1: event seq n is at index n-1.
	start := max(afterSeq, 0)
	if start >= int64(len(gm.events)) {
		return nil, nil
	}
	evs := gm.events[start:]
	if limit > 0 && len(evs) > limit {
		evs = evs[:limit]
	}
	out := make([]eventstore.Event, len(evs))
	for i, e := range evs {
		e.Data = bytes.Clone(e.Data)
		out[i] = e
	}
	return out, nil
}

// ReadAll implements [eventstore.Store]. Appends are serialised under one
// lock, so positions are assigned in commit order and none is passed over.
func (s *Store) ReadAll(ctx context.Context, after eventstore.Position, limit int) ([]eventstore.Event, error) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	if err := s.check(ctx); err != nil {
		return nil, err
	}
	if limit <= 0 {
		limit = 1000
	}
	// Positions are {0, n} with n dense from 1: event n is at index n-1.
	start := int64(0)
	switch {
	case after.Tx > 0:
		start = int64(len(s.all))
	case after.N > 0:
		start = min(after.N, int64(len(s.all)))
	}
	evs := s.all[start:]
	if len(evs) > limit {
		evs = evs[:limit]
	}
	out := make([]eventstore.Event, len(evs))
	for i, r := range evs {
		out[i] = r.g.events[r.i]
		out[i].Data = bytes.Clone(out[i].Data)
	}
	return out, nil
}

// Subscribe implements [eventstore.Store]. ErrNotFound if the game does not
// exist.
func (s *Store) Subscribe(ctx context.Context, gameID string) (<-chan struct{}, error) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	if err := s.check(ctx); err != nil {
		return nil, err
	}
	if _, ok := s.games[gameID]; !ok {
		return nil, fmt.Errorf("subscribe to game %s: %w", gameID, eventstore.ErrNotFound)
	}
	return s.hub.Subscribe(ctx, gameID), nil
}

// ClaimSeat implements [eventstore.Store].
func (s *Store) ClaimSeat(ctx context.Context, c eventstore.SeatClaim) error {
	if err := eventstore.ValidateClaim(c); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.check(ctx); err != nil {
		return err
	}
	gm, ok := s.games[c.GameID]
	if !ok {
		return fmt.Errorf("claim seat %d of game %s: %w", c.Seat, c.GameID, eventstore.ErrNotFound)
	}
	if _, ok := gm.seats[c.Seat]; ok {
		return fmt.Errorf("claim seat %d of game %s: %w", c.Seat, c.GameID, eventstore.ErrSeatTaken)
	}
	if _, ok := s.tokens[string(c.TokenHash)]; ok {
		return fmt.Errorf("claim seat %d of game %s: token already bound: %w", c.Seat, c.GameID, eventstore.ErrSeatTaken)
	}
	c.TokenHash = bytes.Clone(c.TokenHash)
	if c.ClaimedAt.IsZero() {
		c.ClaimedAt = s.nowFunc()
	} else {
		c.ClaimedAt = c.ClaimedAt.UTC().Truncate(time.Microsecond)
	}
	gm.seats[c.Seat] = c
	s.tokens[string(c.TokenHash)] = c
	return nil
}

// Seats implements [eventstore.Store].
func (s *Store) Seats(ctx context.Context, gameID string) ([]eventstore.SeatClaim, error) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	gm, err := s.stored(ctx, gameID, "seats")
	if err != nil {
		return nil, err
	}
	out := make([]eventstore.SeatClaim, 0, len(gm.seats))
	for _, c := range gm.seats {
		c.TokenHash = bytes.Clone(c.TokenHash)
		out = append(out, c)
	}
	slices.SortFunc(out, func(a, b eventstore.SeatClaim) int { return cmp.Compare(a.Seat, b.Seat) })
	return out, nil
}

// SeatByToken implements [eventstore.Store].
func (s *Store) SeatByToken(ctx context.Context, tokenHash []byte) (eventstore.SeatClaim, error) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	if err := s.check(ctx); err != nil {
		return eventstore.SeatClaim{}, err
	}
	c, ok := s.tokens[string(tokenHash)]
	if !ok {
		return eventstore.SeatClaim{}, fmt.Errorf("seat by token: %w", eventstore.ErrNotFound)
	}
	c.TokenHash = bytes.Clone(c.TokenHash)
	return c, nil
}

// Ping implements [eventstore.Store].
func (s *Store) Ping(ctx context.Context) error {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.check(ctx)
}

// Close implements [eventstore.Store]. It closes every subscription's
// channel; later calls fail.
func (s *Store) Close() error {
	s.mu.Lock()
	s.closed = true
	s.mu.Unlock()
	s.hub.Close()
	return nil
}
