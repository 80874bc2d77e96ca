package main

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/protobuf/types/known/emptypb"
	"google.golang.org/protobuf/types/known/wrapperspb"
)

// The floor scenario (-floor) measures the least that any server keeping
// the SubmitCommand contract in client mode must do per command, with no
// rules, no projection, no notification and no store of ours: a seat's
// unary gRPC call, which runs the baseline's own bare INSERT and answers
// after its commit, and the command's delivery as one message to each of
// the game's seats over a server stream they opened once; the seat whose
// turn is next submits when the message reaches it. -concurrency games of
// -players seats play at once for -floor, between two baselines, on one
// gRPC server in this process (at the clients' GOGC, which flatters the
// floor), twice: first with a transaction per command, as the baseline
// and the service's store do, then with group commit (the commands
// waiting when a commit starts go in one transaction, one INSERT of all
// their rows, and each is answered after that commit). The first ratio
// to the baseline bounds what a server committing each command on its
// own can reach on the same machine; the second, what group commit could
// add: a server does all of this and more.

// floorMessage is what the floor's seats submit and receive: about a
// command's or an event's size.
const floorMessage = 96

// floorRun is the floor scenario's figures.
type floorRun struct {
	// Commit is "per command" or "grouped".
	Commit  string  `json:"commit"`
	Games   int     `json:"games"`
	Seats   int     `json:"seats_per_game"`
	Ops     int     `json:"commands"`
	Seconds float64 `json:"seconds"`
	PerSec  float64 `json:"commands_per_sec"`
	Ratio   float64 `json:"ratio_to_baseline,omitempty"`
	Submit  stats   `json:"submit"`
	// Delivered is the messages the seats received: every seat every
	// command, in order, or the run fails.
	Delivered int64 `json:"delivered"`
	// Transactions is the commits the commands took.
	Transactions  int64   `json:"transactions"`
	MachineCPUus  float64 `json:"machine_cpu_us_per_command,omitempty"`
	DatabaseCPUus float64 `json:"database_cpu_us_per_command,omitempty"`
	ProcessCPUus  float64 `json:"process_cpu_us_per_command"`
}

func (f *floorRun) print(w io.Writer) {
	fmt.Fprintf(w, "  floor, commit %s: %d commands in %d transactions, %.2fs over %d games of %d seats: %.0f commands/s, %d deliveries (every seat every command, in order)\n",
		f.Commit, f.Ops, f.Transactions, f.Seconds, f.Games, f.Seats, f.PerSec, f.Delivered)
	if f.Ratio > 0 {
		fmt.Fprintf(w, "  ratio floor commands/s : baseline inserts/s = %.2f\n", f.Ratio)
	}
	fmt.Fprintf(w, "  Submit %d calls: p50 %.2fms, p99 %.2fms, max %.2fms\n", f.Submit.Calls, f.Submit.P50ms, f.Submit.P99ms, f.Submit.Maxms)
	fmt.Fprintf(w, "  CPU per command: this process (server and seats) %.0f µs, database %.0f µs, machine %.0f µs\n", f.ProcessCPUus, f.DatabaseCPUus, f.MachineCPUus)
}

// floorRounds runs baseline, floor with a commit per command, floor with
// group commit, baseline on DATABASE_URL.
func floorRounds(ctx context.Context, o options, rep *report) error {
	url := os.Getenv("DATABASE_URL")
	if url == "" {
		return errors.New("-floor needs DATABASE_URL")
	}
	pool, err := openInsertPool(ctx, url, o.concurrency)
	if err != nil {
		return err
	}
	bl := &baseline{pool: pool}
	defer bl.close()
	rd := &round{}
	if rd.Before, err = bl.run(ctx, o.concurrency, o.baseline); err != nil {
		return err
	}
	for _, group := range []bool{false, true} {
		fr, err := runFloor(ctx, pool, o.concurrency, o.players, o.floor, group)
		if err != nil {
			return err
		}
		rep.Floor = append(rep.Floor, fr)
	}
	if rd.After, err = bl.run(ctx, o.concurrency, o.baseline); err != nil {
		return err
	}
	if b := rd.baselineRate(); b > 0 {
		for _, fr := range rep.Floor {
			fr.Ratio = fr.PerSec / b
		}
	}
	rep.Rounds = []*round{rd}
	rep.MachineEnd = machine()
	return nil
}

// floorServer is the floor's server: an insert per submit, then the
// submitted bytes to every seat watching the game.
type floorServer struct {
	pool *pgxpool.Pool
	// commits, when not nil, is group commit's queue.
	commits      chan floorCommit
	transactions atomic.Int64
	mu           sync.Mutex
	games        map[uint32]*floorGame
}

// floorCommit is a command waiting for group commit.
type floorCommit struct {
	data []byte
	done chan error
}

// floorInsertSQL and floorInsertsSQL are the baseline's own insert, of
// one row or of many.
const (
	floorInsertSQL  = `INSERT INTO ` + baselineTable + ` (data) VALUES ($1)`
	floorInsertsSQL = `INSERT INTO ` + baselineTable + ` (data) SELECT unnest($1::bytea[])`
)

// commitGroups is group commit: it takes every command waiting when a
// commit starts, inserts them in one statement (one transaction) and
// answers each after its commit, until ctx ends.
func (s *floorServer) commitGroups(ctx context.Context) {
	for {
		var group []floorCommit
		select {
		case <-ctx.Done():
			return
		case c := <-s.commits:
			group = append(group, c)
		}
	more:
		for {
			select {
			case c := <-s.commits:
				group = append(group, c)
			default:
				break more
			}
		}
		rows := make([][]byte, len(group))
		for i, c := range group {
			rows[i] = c.data
		}
		_, err := s.pool.Exec(ctx, floorInsertsSQL, rows)
		s.transactions.Add(1)
		for _, c := range group {
			c.done <- err
		}
	}
}

// floorGame is one game's seats' streams. Its lock is held while a
// command goes out to them, so that every seat gets the commands in the
// order they went out: the next seat may submit as soon as the first
// stream has the previous command, while the others are still being
// sent it.
type floorGame struct {
	mu       sync.Mutex
	watchers []chan []byte
}

// game returns game n's streams, created when first asked for.
func (s *floorServer) game(n uint32) *floorGame {
	s.mu.Lock()
	defer s.mu.Unlock()
	g := s.games[n]
	if g == nil {
		g = &floorGame{}
		s.games[n] = g
	}
	return g
}

// floorServiceDesc is the floor's gRPC service, written by hand: a unary
// Submit and a server-streaming Watch, both of well-known message types.
var floorServiceDesc = grpc.ServiceDesc{
	ServiceName: "moonshine.load.Floor",
	HandlerType: (*any)(nil),
	Methods: []grpc.MethodDesc{{
		MethodName: "Submit",
		Handler: func(srv any, ctx context.Context, dec func(any) error, _ grpc.UnaryServerInterceptor) (any, error) {
			in := new(wrapperspb.BytesValue)
			if err := dec(in); err != nil {
				return nil, err
			}
			return srv.(*floorServer).submit(ctx, in)
		},
	}},
	Streams: []grpc.StreamDesc{{
		StreamName:    "Watch",
		ServerStreams: true,
		Handler: func(srv any, stream grpc.ServerStream) error {
			in := new(wrapperspb.UInt32Value)
			if err := stream.RecvMsg(in); err != nil {
				return err
			}
			return srv.(*floorServer).watch(in.GetValue(), stream)
		},
	}},
}

func (s *floorServer) submit(ctx context.Context, in *wrapperspb.BytesValue) (*emptypb.Empty, error) {
	if len(in.Value) < 4 {
		return nil, errors.New("floor: short submit")
	}
	if s.commits != nil {
		c := floorCommit{data: in.Value, done: make(chan error, 1)}
		select {
		case s.commits <- c:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
		select {
		case err := <-c.done:
			if err != nil {
				return nil, err
			}
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	} else {
		if _, err := s.pool.Exec(ctx, floorInsertSQL, in.Value); err != nil {
			return nil, err
		}
		s.transactions.Add(1)
	}
	g := s.game(binary.BigEndian.Uint32(in.Value))
	g.mu.Lock()
	for _, w := range g.watchers {
		w <- in.Value
	}
	g.mu.Unlock()
	return &emptypb.Empty{}, nil
}

func (s *floorServer) watch(game uint32, stream grpc.ServerStream) error {
	ch := make(chan []byte, 64)
	g := s.game(game)
	g.mu.Lock()
	g.watchers = append(g.watchers, ch)
	g.mu.Unlock()
	// The first message says the stream is registered.
	if err := stream.SendMsg(&wrapperspb.BytesValue{}); err != nil {
		return err
	}
	for {
		select {
		case <-stream.Context().Done():
			return nil
		case b := <-ch:
			if err := stream.SendMsg(&wrapperspb.BytesValue{Value: b}); err != nil {
				return err
			}
		}
	}
}

// runFloor plays games games of seats seats for d on a floor server of
// its own, inserting through pool (openInsertPool's), with group commit
// if group.
func runFloor(ctx context.Context, pool *pgxpool.Pool, games, seats int, d time.Duration, group bool) (*floorRun, error) {
	srv := &floorServer{pool: pool, games: map[uint32]*floorGame{}}
	commit := "per command"
	if group {
		commit = "grouped"
		srv.commits = make(chan floorCommit, games)
		gctx, stop := context.WithCancel(ctx)
		defer stop()
		go srv.commitGroups(gctx)
	}
	gs := grpc.NewServer()
	gs.RegisterService(&floorServiceDesc, srv)
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	go func() { _ = gs.Serve(lis) }()
	defer gs.Stop()
	conn, err := grpc.NewClient(lis.Addr().String(), grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		return nil, err
	}
	defer conn.Close()

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	lat := newLatencies()
	var ops, delivered atomic.Int64
	errs := make(chan error, games*seats)
	var wg sync.WaitGroup
	// Every seat opens its stream before any game starts.
	var ready sync.WaitGroup
	start := make(chan struct{})
	var stop atomic.Bool
	for g := range games {
		for seat := range seats {
			ready.Add(1)
			wg.Go(func() {
				if err := floorSeat(ctx, conn, uint32(g), seat, seats, &ready, start, &stop, lat, &ops, &delivered); err != nil && ctx.Err() == nil {
					errs <- fmt.Errorf("floor game %d seat %d: %w", g, seat, err)
					cancel()
				}
			})
		}
	}
	ready.Wait()
	mark := markCPU()
	t0 := time.Now()
	close(start)
	timer := time.AfterFunc(d, func() { stop.Store(true) })
	defer timer.Stop()
	// Each game ends with a final message every seat returns on.
	wg.Wait()
	elapsed := time.Since(t0)
	used := mark.since()
	close(errs)
	if err := <-errs; err != nil {
		return nil, err
	}
	n := int(ops.Load())
	if want := int64(n) * int64(seats); delivered.Load() != want {
		return nil, fmt.Errorf("floor: %d deliveries of %d commands to %d seats each, want %d", delivered.Load(), n, seats, want)
	}
	out := &floorRun{Commit: commit, Transactions: srv.transactions.Load(), Games: games, Seats: seats, Ops: n, Seconds: elapsed.Seconds(), PerSec: float64(n) / elapsed.Seconds(),
		Submit: lat.summary()["Submit"], Delivered: delivered.Load()}
	if n > 0 {
		out.ProcessCPUus = float64(used.self.Microseconds()) / float64(n)
		out.DatabaseCPUus = float64(used.database.Microseconds()) / float64(n)
		if used.machine > 0 {
			out.MachineCPUus = float64(used.machine.Microseconds()) / float64(n)
		}
	}
	return out, nil
}

// floorSeat is one seat: it watches its game and, when the message it
// received makes it the next to act, submits. Seat 0 opens the game. A
// game ends when its acting seat finds stop set: it submits a last
// message marked final, which every seat receives and returns on.
func floorSeat(ctx context.Context, conn *grpc.ClientConn, game uint32, seat, seats int, ready *sync.WaitGroup,
	start <-chan struct{}, stop *atomic.Bool, lat *latencies, ops, delivered *atomic.Int64) error {
	stream, err := conn.NewStream(ctx, &floorServiceDesc.Streams[0], "/moonshine.load.Floor/Watch")
	if err != nil {
		ready.Done()
		return err
	}
	if err := stream.SendMsg(wrapperspb.UInt32(game)); err != nil {
		ready.Done()
		return err
	}
	if err := stream.CloseSend(); err != nil {
		ready.Done()
		return err
	}
	first := new(wrapperspb.BytesValue)
	err = stream.RecvMsg(first)
	ready.Done()
	if err != nil {
		return err
	}
	<-start
	// A message is the game (4 bytes), the command's number (4 bytes), a
	// final mark (1 byte) and padding.
	submit := func(n uint32) error {
		b := make([]byte, floorMessage)
		binary.BigEndian.PutUint32(b, game)
		binary.BigEndian.PutUint32(b[4:], n)
		if stop.Load() {
			b[8] = 1
		}
		t := time.Now()
		if err := conn.Invoke(ctx, "/moonshine.load.Floor/Submit", &wrapperspb.BytesValue{Value: b}, new(emptypb.Empty)); err != nil {
			return err
		}
		lat.since("Submit", t)
		ops.Add(1)
		return nil
	}
	if seat == 0 {
		if err := submit(0); err != nil {
			return err
		}
	}
	for want := uint32(0); ; want++ {
		m := new(wrapperspb.BytesValue)
		if err := stream.RecvMsg(m); err != nil {
			return err
		}
		if len(m.Value) != floorMessage || binary.BigEndian.Uint32(m.Value) != game || binary.BigEndian.Uint32(m.Value[4:]) != want {
			return fmt.Errorf("delivery %d out of order", want)
		}
		delivered.Add(1)
		if m.Value[8] == 1 {
			return nil
		}
		if int(want+1)%seats == seat {
			if err := submit(want + 1); err != nil {
				return err
			}
		}
	}
}
