package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"time"

	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/audit"
	"google.golang.org/grpc/status"
)

// cmdWatch streams the caller's events and the table talk, from event
// --from on (the API's after_seq is --from minus 1): what is logged, then
// live. The stream of a finished game ends after its last event, with the
// game's outcome.
func cmdWatch(c *cli, argv []string) error {
	fs := c.flags("watch")
	from := fs.Int64("from", 1, "stream from this event on (events are numbered from 1)")
	fromTalk := fs.Int64("from-talk", 1, "stream the table talk from this message on")
	count := fs.Int("count", 0, "stop after this many events and messages (0: until the game ends, or until interrupted)")
	perspective := perspectiveFlags(fs)
	pos, err := parse(fs, argv, 1, 1)
	if err != nil {
		return err
	}
	p, seat, err := perspective()
	if err != nil {
		return err
	}
	info, err := c.info(pos[0])
	if err != nil {
		return err
	}
	cl, ctx, err := c.call(pos[0])
	if err != nil {
		return err
	}
	w := &watcher{c: c, r: renderFor(info.GetGame()), count: *count,
		req: &moonshinev1.WatchGameRequest{GameId: pos[0], AfterSeq: max(*from-1, 0), Perspective: p, Seat: seat,
			Talk: true, AfterTalkSeq: max(*fromTalk-1, 0), Batched: true}}
	return w.run(ctx, cl)
}

// watcher is one `moonshine watch`: the stream's request, moved on past
// each event and message printed, so that a stream cut by an outage or
// a rate limit is opened again where it stopped.
type watcher struct {
	c     *cli
	r     renderer
	req   *moonshinev1.WatchGameRequest
	count int // 0: no limit
	n     int // events and messages printed
}

// run streams until the count is reached, the game ends or the user
// interrupts; a stream refused or cut RATE_LIMITED or UNAVAILABLE is
// resumed, as [retryDelay] says, up to retryAttempts times in a row.
func (w *watcher) run(ctx context.Context, cl moonshinev1.GameServiceClient) error {
	for failures := 0; ; failures++ {
		done, progressed, err := w.stream(ctx, cl)
		switch {
		case w.c.ctx.Err() != nil: // interrupted
			return nil
		case done:
			return err
		}
		if progressed {
			failures = 0
		}
		wait, ok := retryDelay(moonshinev1.GameService_WatchGame_FullMethodName, err, failures)
		if !ok || failures == retryAttempts {
			return err
		}
		fmt.Fprintf(w.c.errw, "moonshine watch: %s; resuming from event %d in %s (%d of %d)\n", status.Convert(err).Message(),
			w.req.GetAfterSeq()+1, wait.Round(time.Millisecond), failures+1, retryAttempts)
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(wait):
		}
	}
}

// stream opens one stream and prints from it: done when watch is over
// (err then is its result), else the error that cut the stream, and
// whether anything came before it. The stream is batched: a response
// holds a run of events (an append's), each printed, and counted, on its
// own.
func (w *watcher) stream(ctx context.Context, cl moonshinev1.GameServiceClient) (done, progressed bool, err error) {
	stream, err := cl.WatchGame(ctx, w.req)
	if err != nil {
		return false, false, err
	}
	for !w.full() {
		res, err := stream.Recv()
		switch {
		case errors.Is(err, io.EOF):
			return true, progressed, nil
		case err != nil:
			return false, progressed, err
		case res.GetGameOver() != nil:
			return true, true, w.c.printGameOver(res.GetGameOver())
		}
		if t := res.GetTalk(); t != nil {
			progressed = true
			w.req.AfterTalkSeq = t.GetSeq()
			w.n++
			if err := w.c.printTalk(t); err != nil {
				return true, true, err
			}
			continue
		}
		for _, ev := range watchedEvents(res) {
			if w.full() {
				break
			}
			if ev.GetSeq() <= w.req.GetAfterSeq() {
				continue // sent again by a resumed stream
			}
			progressed = true
			w.req.AfterSeq = ev.GetSeq()
			w.n++
			if err := w.c.printEvent(w.r, ev); err != nil {
				return true, true, err
			}
		}
	}
	return true, progressed, nil
}

// full reports whether the watch has printed --count events and messages.
func (w *watcher) full() bool { return w.count > 0 && w.n >= w.count }

// watchedEvents returns the events of a watch response: a batched
// stream's run of them, or an unbatched stream's one.
func watchedEvents(res *moonshinev1.WatchGameResponse) []*moonshinev1.Event {
	if ev := res.GetEvent(); ev != nil {
		return []*moonshinev1.Event{ev}
	}
	return res.GetEvents()
}

// printEvent writes one event as text, or as one line of protojson.
func (c *cli) printEvent(r renderer, ev *moonshinev1.Event) error {
	if c.json {
		_, err := fmt.Fprintln(c.out, compact(ev))
		return err
	}
	eventLines(c.out, r, ev)
	return nil
}

// printTalk writes one message of table talk as text, or as one line of
// protojson.
func (c *cli) printTalk(t *moonshinev1.TalkEvent) error {
	if c.json {
		_, err := fmt.Fprintln(c.out, compact(t))
		return err
	}
	talkLines(c.out, t)
	return nil
}

// printGameOver writes the end of a finished game's stream.
func (c *cli) printGameOver(over *moonshinev1.GameOver) error {
	if c.json {
		_, err := fmt.Fprintln(c.out, compact(&moonshinev1.WatchGameResponse{GameOver: over}))
		return err
	}
	_, err := fmt.Fprintf(c.out, "game over after event %d: %s\n", over.GetLastSeq(), over.GetOutcome().GetSummary())
	return err
}

// cmdHistory shows the history, or saves it for `verify --file`.
func cmdHistory(c *cli, argv []string) error {
	fs := c.flags("history")
	out := fs.String("out", "", "save the history to this file (protojson) instead of printing it")
	pos, err := parse(fs, argv, 1, 1)
	if err != nil {
		return err
	}
	h, err := c.history(pos[0], false)
	if err != nil {
		return err
	}
	talk, err := c.talk(pos[0])
	if err != nil {
		return err
	}
	if *out != "" {
		if err := audit.Save(*out, h); err != nil {
			return err
		}
		fmt.Fprintf(c.out, "saved %d events (complete: %v) to %s\n", len(h.GetEvents()), h.GetComplete(), *out)
		return nil
	}
	if c.json {
		return c.printJSON(h)
	}
	historyText(c.out, h)
	if len(talk) > 0 {
		fmt.Fprintln(c.out, "table talk:")
		for _, m := range talk {
			talkLines(c.out, m)
		}
	}
	return nil
}

// talk fetches a game's table talk with the caller's credential.
func (c *cli) talk(game string) ([]*moonshinev1.TalkEvent, error) {
	cl, ctx, err := c.call(game)
	if err != nil {
		return nil, err
	}
	var out []*moonshinev1.TalkEvent
	for after := int64(0); ; {
		res, err := cl.GetTalk(ctx, &moonshinev1.GetTalkRequest{GameId: game, AfterSeq: after})
		if err != nil {
			return nil, err
		}
		out = append(out, res.GetTalk()...)
		if after = res.GetNextAfterSeq(); after == 0 {
			return out, nil
		}
	}
}

// history fetches a game's history with the caller's credential.
func (c *cli) history(game string, complete bool) (*moonshinev1.GetHistoryResponse, error) {
	cl, ctx, err := c.call(game)
	if err != nil {
		return nil, err
	}
	return audit.FetchHistory(ctx, cl, &moonshinev1.GetHistoryRequest{GameId: game, RequireComplete: complete})
}

// historyText writes a history: the game, its events, and, when complete,
// the seed and the command log.
func historyText(w io.Writer, h *moonshinev1.GetHistoryResponse) {
	info := h.GetGame()
	fmt.Fprintln(w, infoLine(info))
	fmt.Fprintf(w, "seed commitment: %x\n", info.GetSeedCommitment())
	if len(info.GetSeed()) > 0 {
		fmt.Fprintf(w, "seed: %x\n", info.GetSeed())
	}
	r := renderFor(info.GetGame())
	for _, ev := range h.GetEvents() {
		eventLines(w, r, ev)
	}
	if !h.GetComplete() {
		fmt.Fprintln(w, "(redacted for you: the complete history is shown once the game is over)")
		return
	}
	fmt.Fprintln(w, "commands:")
	for _, cmd := range h.GetCommands() {
		fmt.Fprintf(w, "  seat %d: %s (events %d-%d, id %s)\n", cmd.GetSeat(), r.Command(cmd.GetLabel(), cmd.GetCommand()), cmd.GetFirstSeq(), cmd.GetLastSeq(), cmd.GetCommandId())
	}
}

// cmdReplay shows the view as of an event, or, with --to, as of every
// event from N to M: a game stepped through event by event (with --json,
// one view per line).
func cmdReplay(c *cli, argv []string) error {
	fs := c.flags("replay")
	perspective := perspectiveFlags(fs)
	to := fs.Int("to", 0, "show the view after every event from N to this one")
	pos, err := parse(fs, argv, 2, 2)
	if err != nil {
		return err
	}
	p, seat, err := perspective()
	if err != nil {
		return err
	}
	seq, err := atoi("N", pos[1])
	if err != nil {
		return err
	}
	last := seq
	if *to != 0 {
		if *to < seq {
			return usagef("--to %d is before N %d", *to, seq)
		}
		last = *to
	}
	cl, ctx, err := c.call(pos[0])
	if err != nil {
		return err
	}
	for n := seq; n <= last; n++ {
		res, err := cl.GetViewAt(ctx, &moonshinev1.GetViewAtRequest{GameId: pos[0], Seq: int64(n), Perspective: p, Seat: seat})
		if err != nil {
			return err
		}
		switch {
		case last == seq:
			return c.showView(res.GetView())
		case c.json:
			fmt.Fprintln(c.out, compact(res.GetView()))
		default:
			fmt.Fprintf(c.out, "== as of event %d ==\n", n)
			viewText(c.out, res.GetView())
		}
	}
	return nil
}

// verifyReport is the --json output of verify.
type verifyReport struct {
	Game     string `json:"game"`
	Verified bool   `json:"verified"`
	Events   int    `json:"events"`
	Commands int    `json:"commands"`
	Seed     string `json:"seed"`
	// Rules names the game's rules and the version it was recorded under;
	// BuildRules the version this build re-ran it under.
	Rules      string `json:"rules"`
	Recorded   string `json:"rules_version"`
	BuildRules string `json:"build_rules_version"`
	Error      string `json:"error,omitempty"`
	Seq        int64  `json:"seq,omitempty"`
}

// cmdVerify re-runs a finished game from its seed: one fetched from the
// server, or a history file.
func cmdVerify(c *cli, argv []string) error {
	h, err := c.completeHistory("verify", argv)
	if err != nil {
		return err
	}
	rep := verifyReport{Game: h.GetGame().GetGameId(), Events: len(h.GetEvents()), Commands: len(h.GetCommands()), Seed: fmt.Sprintf("%x", h.GetGame().GetSeed())}
	rep.Rules, rep.Recorded, rep.BuildRules = audit.Rules(h)
	verr := audit.Verify(h)
	rep.Verified = verr == nil
	if e, ok := audit.AsError(verr); ok {
		rep.Error, rep.Seq = e.Error(), e.Seq
	} else if verr != nil {
		rep.Error = verr.Error()
	}
	c.printVerify(rep)
	if verr != nil {
		return errReported
	}
	return nil
}

// completeHistory parses the arguments of a command that checks a complete
// history (GAME | --file FILE) and reads it: from the server, or a file.
func (c *cli) completeHistory(name string, argv []string) (*moonshinev1.GetHistoryResponse, error) {
	fs := c.flags(name)
	file := fs.String("file", "", "a history saved by `moonshine history --out`")
	pos, err := parse(fs, argv, 0, 1)
	if err != nil {
		return nil, err
	}
	if (len(pos) == 1) == (*file != "") {
		return nil, usagef("give either a game id or --file")
	}
	if *file != "" {
		return audit.Load(*file)
	}
	return c.history(pos[0], true)
}

// printVerify writes the verdict.
func (c *cli) printVerify(rep verifyReport) {
	if c.json {
		b, _ := json.MarshalIndent(rep, "", "  ")
		fmt.Fprintln(c.out, string(b))
		return
	}
	rules := fmt.Sprintf("%s rules %s", rep.Rules, rep.Recorded)
	if rep.BuildRules != rep.Recorded {
		rules = fmt.Sprintf("recorded under %s rules %s, re-run under this build's rules %s", rep.Rules, rep.Recorded, rep.BuildRules)
	}
	if rep.Verified {
		fmt.Fprintf(c.out, "verified: game %s (%s): %d events and %d commands re-run from seed %s, which matches the published commitment\n",
			rep.Game, rules, rep.Events, rep.Commands, rep.Seed)
		return
	}
	fmt.Fprintf(c.out, "NOT verified: game %s (%s): %s\n", rep.Game, rules, rep.Error)
}
