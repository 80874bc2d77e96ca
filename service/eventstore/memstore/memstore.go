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
	tokens  map[string]eventstore.SeatClaim
	closed  bool
	hub     *fanout.Hub
	nowFunc func() time.Time
}

type game struct {
	meta     eventstore.GameRecord
	events   []eventstore.Event
	commands []eventstore.Command
	byCmdID  map[cmdKey]int // index into commands
	seats    map[int]eventstore.SeatClaim
	talk     []eventstore.TalkMessage
	byMsgID  map[cmdKey]int // index into talk
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
func (s *Store) CreateGame(ctx context.Context, g eventstore.GameRecord, events [][]byte) (eventstore.AppendResult, error) {
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
	meta := eventstore.GameRecord{
		ID:             g.ID,
		Rules:          g.Rules,
		Config:         bytes.Clone(g.Config),
		Seed:           bytes.Clone(g.Seed),
		SeedCommitment: bytes.Clone(g.SeedCommitment),
		CreatedAt:      g.CreatedAt.UTC().Truncate(time.Microsecond),
		Players:        g.Players,
		Variant:        g.Variant,
		Unlisted:       g.Unlisted,
		CreatorHash:    bytes.Clone(g.CreatorHash),
	}
	if g.CreatedAt.IsZero() {
		meta.CreatedAt = now
	}
	gm := &game{meta: meta, byCmdID: make(map[cmdKey]int), seats: make(map[int]eventstore.SeatClaim), byMsgID: make(map[cmdKey]int)}
	s.games[g.ID] = gm
	res := s.appendLocked(gm, events, now)
	s.mu.Unlock()
	s.hub.Publish(eventstore.Change{GameID: g.ID, Version: res.LastSeq})
	return res, nil
}

// appendLocked writes events to gm; s.mu must be held for writing.
func (s *Store) appendLocked(gm *game, events [][]byte, now time.Time) eventstore.AppendResult {
	res := eventstore.AppendResult{FirstSeq: gm.meta.Version + 1, LastSeq: gm.meta.Version + int64(len(events)), RecordedAt: now}
	if len(events) == 0 {
		res = eventstore.AppendResult{}
	}
	for _, d := range events {
		gm.meta.Version++
		gm.events = append(gm.events, eventstore.Event{GameID: gm.meta.ID, Seq: gm.meta.Version, Data: bytes.Clone(d), RecordedAt: now})
	}
	return res
}

// GetGame implements [eventstore.Store].
func (s *Store) GetGame(ctx context.Context, id string) (eventstore.GameRecord, error) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	if err := s.check(ctx); err != nil {
		return eventstore.GameRecord{}, err
	}
	gm, ok := s.games[id]
	if !ok {
		return eventstore.GameRecord{}, fmt.Errorf("game %s: %w", id, eventstore.ErrNotFound)
	}
	return gm.record(), nil
}

// record returns a copy of the game's record with its seat claims.
func (gm *game) record() eventstore.GameRecord {
	g := gm.meta
	g.Config = bytes.Clone(g.Config)
	g.Seed = bytes.Clone(g.Seed)
	g.SeedCommitment = bytes.Clone(g.SeedCommitment)
	g.Seats = nil
	for _, c := range gm.seats {
		c.TokenHash = nil
		g.Seats = append(g.Seats, c)
	}
	slices.SortFunc(g.Seats, func(a, b eventstore.SeatClaim) int { return cmp.Compare(a.Seat, b.Seat) })
	return g
}

// newestFirst orders records as ListGames lists them.
func newestFirst(a, b eventstore.GameRecord) int {
	if c := b.CreatedAt.Compare(a.CreatedAt); c != 0 {
		return c
	}
	return cmp.Compare(b.ID, a.ID)
}

// ListGames implements [eventstore.Store].
func (s *Store) ListGames(ctx context.Context, f eventstore.ListFilter) ([]eventstore.GameRecord, error) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	if err := s.check(ctx); err != nil {
		return nil, err
	}
	limit := f.Limit
	if limit <= 0 {
		limit = 100
	}
	var after *eventstore.GameRecord
	if f.AfterID != "" {
		gm, ok := s.games[f.AfterID]
		if !ok {
			return nil, nil
		}
		after = &gm.meta
	}
	var keep []*game
	for _, gm := range s.games {
		if f.Matches(gm.meta) && (after == nil || newestFirst(*after, gm.meta) < 0) {
			keep = append(keep, gm)
		}
	}
	slices.SortFunc(keep, func(a, b *game) int { return newestFirst(a.meta, b.meta) })
	out := make([]eventstore.GameRecord, 0, min(len(keep), limit))
	for _, gm := range keep[:min(len(keep), limit)] {
		out = append(out, gm.record())
	}
	return out, nil
}

// Summarise implements [eventstore.Store].
func (s *Store) Summarise(ctx context.Context, id string, sum eventstore.Summary) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	gm, err := s.stored(ctx, id, "summary")
	if err != nil {
		return err
	}
	if gm.meta.Players == 0 {
		gm.meta.Players, gm.meta.Variant = sum.Players, sum.Variant
		gm.meta.FinishedAt = sum.FinishedAt.UTC().Truncate(time.Microsecond)
	}
	return nil
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
			return eventstore.AppendResult{FirstSeq: c.FirstSeq, LastSeq: c.LastSeq, RecordedAt: c.RecordedAt, Duplicate: true, DuplicateOf: &c}, nil
		}
	}
	if req.ExpectedVersion != eventstore.AnyVersion && req.ExpectedVersion != gm.meta.Version {
		v := gm.meta.Version
		s.mu.Unlock()
		return eventstore.AppendResult{}, &eventstore.VersionConflictError{GameID: req.GameID, ExpectedVersion: req.ExpectedVersion, ActualVersion: v}
	}
	now := s.nowFunc()
	res := s.appendLocked(gm, req.Events, now)
	if req.Deadline != nil {
		gm.meta.Deadline = req.Deadline.UTC()
	}
	if req.Finished && gm.meta.FinishedAt.IsZero() {
		gm.meta.FinishedAt = now
	}
	if req.Finished {
		gm.meta.Deadline = time.Time{}
	}
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
	s.hub.Publish(eventstore.Change{GameID: req.GameID, Version: res.LastSeq})
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

// AppendTalk implements [eventstore.Store].
func (s *Store) AppendTalk(ctx context.Context, req eventstore.TalkRequest) (eventstore.TalkResult, error) {
	if err := eventstore.ValidateTalk(req); err != nil {
		return eventstore.TalkResult{}, err
	}
	s.mu.Lock()
	gm, err := s.stored(ctx, req.GameID, "talk")
	if err != nil {
		s.mu.Unlock()
		return eventstore.TalkResult{}, err
	}
	key := cmdKey{req.Seat, req.MessageID}
	if i, ok := gm.byMsgID[key]; ok && req.MessageID != "" {
		m := cloneTalk(gm.talk[i])
		s.mu.Unlock()
		return eventstore.TalkResult{Message: m, Duplicate: true}, nil
	}
	gm.meta.TalkVersion++
	m := eventstore.TalkMessage{GameID: req.GameID, Seq: gm.meta.TalkVersion, Seat: req.Seat, MessageID: req.MessageID,
		Data: bytes.Clone(req.Data), RecordedAt: s.nowFunc()}
	if req.MessageID != "" {
		gm.byMsgID[key] = len(gm.talk)
	}
	gm.talk = append(gm.talk, m)
	s.mu.Unlock()
	s.hub.Publish(eventstore.Change{GameID: req.GameID, TalkVersion: m.Seq})
	return eventstore.TalkResult{Message: cloneTalk(m)}, nil
}

func cloneTalk(m eventstore.TalkMessage) eventstore.TalkMessage {
	m.Data = bytes.Clone(m.Data)
	return m
}

// ReadTalk implements [eventstore.Store].
func (s *Store) ReadTalk(ctx context.Context, gameID string, afterSeq int64, limit int) ([]eventstore.TalkMessage, error) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	gm, err := s.stored(ctx, gameID, "talk")
	if err != nil {
		return nil, err
	}
	start := max(afterSeq, 0) // seqs are dense from 1: message n is at index n-1
	if start >= int64(len(gm.talk)) {
		return nil, nil
	}
	ms := gm.talk[start:]
	if limit > 0 && len(ms) > limit {
		ms = ms[:limit]
	}
	out := make([]eventstore.TalkMessage, len(ms))
	for i, m := range ms {
		out[i] = cloneTalk(m)
	}
	return out, nil
}

// OnChange implements [eventstore.Store]: f is told of every append.
func (s *Store) OnChange(f func(eventstore.Change)) (stop func()) { return s.hub.Listen(f) }

// ClaimSeat implements [eventstore.Store].
func (s *Store) ClaimSeat(ctx context.Context, c eventstore.SeatClaim) error {
	if err := eventstore.ValidateClaim(c); err != nil {
		return err
	}
	if err := s.claimSeat(ctx, c); err != nil {
		return err
	}
	s.hub.Publish(eventstore.Change{GameID: c.GameID, Seats: true})
	return nil
}

// claimSeat records the claim, under the store's lock.
func (s *Store) claimSeat(ctx context.Context, c eventstore.SeatClaim) error {
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
	gm.meta.SeatsTaken++
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

// Close implements [eventstore.Store]; later calls fail.
func (s *Store) Close() error {
	s.mu.Lock()
	s.closed = true
	s.mu.Unlock()
	return nil
}
