package main

import (
	"crypto/rand"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
)

// cmdGames lists games.
func cmdGames(c *cli, argv []string) error {
	fs := c.flags("games")
	game := fs.String("game", "", "only games of these rules")
	if _, err := parse(fs, argv, 0, 0); err != nil {
		return err
	}
	cl, err := c.client()
	if err != nil {
		return err
	}
	all := &moonshinev1.ListGamesResponse{}
	for token := ""; ; {
		page, err := cl.ListGames(c.ctx, &moonshinev1.ListGamesRequest{Game: *game, PageToken: token})
		if err != nil {
			return err
		}
		all.Games = append(all.Games, page.GetGames()...)
		if token = page.GetNextPageToken(); token == "" {
			break
		}
	}
	if c.json {
		return c.printJSON(all)
	}
	for _, g := range all.GetGames() {
		fmt.Fprintln(c.out, infoLine(g))
	}
	return nil
}

// cmdCreate opens a game.
func cmdCreate(c *cli, argv []string) error {
	fs := c.flags("create")
	game := fs.String("game", "booze-barons", "the rules")
	players := fs.Int("players", 0, "number of seats")
	bots := fs.String("bots", "", "seats played by the server's bots, e.g. 1,2")
	level := fs.String("bot-level", "", "how strongly the bots play: easy, normal (the default) or hard")
	title := fs.String("title", "", "a title")
	variant := fs.String("variant", "", "the game's variant to set the table as (a variant or options, not both)")
	optsJSON := fs.String("options-json", "", "the game's Options message as protojson")
	timer := timerFlags(fs)
	if _, err := parse(fs, argv, 0, 0); err != nil {
		return err
	}
	cfg := &moonshinev1.GameConfig{Players: int32(*players), Title: *title, Variant: *variant, Timer: timer()}
	var err error
	if cfg.BotSeats, err = seatNumbers(*bots); err != nil {
		return err
	}
	if cfg.BotLevel, err = botLevel(*level); err != nil {
		return err
	}
	if cfg.Options, err = options(*game, *optsJSON); err != nil {
		return err
	}
	cl, err := c.client()
	if err != nil {
		return err
	}
	res, err := cl.CreateGame(c.ctx, &moonshinev1.CreateGameRequest{Game: *game, Config: cfg})
	if err != nil {
		return c.withVariants(*game, err)
	}
	g := res.GetGame()
	store, err := loadCredentials(c.configDir)
	if err == nil { // the creator credential cancels the table and replaces lost seat credentials
		err = store.put(credential{Server: c.addr, Game: g.GetGameId(), Seat: creatorSeat, Name: "creator", Token: res.GetCreatorCredential()})
	}
	if err != nil {
		fmt.Fprintf(c.errw, "moonshine create: the creator credential was not stored (%v): keep it from the output\n", err)
	}
	if c.json {
		return c.printJSON(res)
	}
	fmt.Fprintf(c.out, "created %s\n", infoLine(g))
	fmt.Fprintf(c.out, "game id: %s\nseed commitment (SHA-256): %x\n", g.GetGameId(), g.GetSeedCommitment())
	fmt.Fprintf(c.out, "creator credential (cancels the table, replaces a lost seat credential; stored here): %s\n", res.GetCreatorCredential())
	seatsBlock(c.out, g)
	return nil
}

// botLevel parses a bot level's name ("" is the server's default).
func botLevel(s string) (moonshinev1.BotLevel, error) {
	if s == "" {
		return moonshinev1.BotLevel_BOT_LEVEL_UNSPECIFIED, nil
	}
	l, ok := moonshinev1.BotLevel_value["BOT_LEVEL_"+strings.ToUpper(s)]
	if !ok || l == 0 {
		return 0, usagef("--bot-level: %q is not easy, normal or hard", s)
	}
	return moonshinev1.BotLevel(l), nil
}

// seatNumbers parses "1,2".
func seatNumbers(s string) ([]int32, error) {
	var out []int32
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f == "" {
			continue
		}
		n, err := strconv.Atoi(f)
		if err != nil {
			return nil, usagef("--bots: %q is not a seat number", f)
		}
		out = append(out, int32(n))
	}
	return out, nil
}

// options decodes the game's Options from protojson (empty: defaults).
func options(game, js string) (*moonshinev1.GameOptions, error) {
	if js == "" {
		return nil, nil
	}
	env := &moonshinev1.GameOptions{}
	if err := unmarshalInto(env, game, js); err != nil {
		return nil, usagef("--options-json: %v", err)
	}
	return env, nil
}

// unmarshalInto decodes one of the game's messages from protojson into
// its field of the envelope env: the field named after the game's id
// ("booze-barons" -> booze_barons), as every moonshine.v1 envelope names
// it. js may be the game's own message ({"move":{…}}) or the envelope
// ({"moonshineKingdom":{"move":{…}}}), as the API and `legal --json` show
// it. The CLI so needs nothing of the games but their protobuf messages.
func unmarshalInto(env proto.Message, game, js string) error {
	m := env.ProtoReflect()
	fd := m.Descriptor().Fields().ByName(protoreflect.Name(strings.ReplaceAll(game, "-", "_")))
	if fd == nil || fd.Message() == nil || fd.ContainingOneof() == nil {
		return fmt.Errorf("this client does not know the game %q", game)
	}
	var top map[string]json.RawMessage
	if json.Unmarshal([]byte(js), &top) == nil {
		if inner, ok := top[fd.JSONName()]; ok && len(top) == 1 {
			js = string(inner) // the envelope's shape
		} else if _, ok := top[string(fd.Name())]; ok && len(top) == 1 {
			js = string(top[string(fd.Name())])
		}
	}
	inner := m.NewField(fd).Message()
	if err := protojson.Unmarshal([]byte(js), inner.Interface()); err != nil {
		return fmt.Errorf("%v (want %s's own message, or it inside {%q: …})", err, game, fd.JSONName())
	}
	m.Set(fd, protoreflect.ValueOfMessage(inner))
	return nil
}

// cmdJoin claims a seat and stores its credential.
func cmdJoin(c *cli, argv []string) error {
	fs := c.flags("join")
	seat := fs.Int("seat", -1, "the seat to claim (default: the lowest free one)")
	name := fs.String("name", "", "your display name")
	pos, err := parse(fs, argv, 1, 1)
	if err != nil {
		return err
	}
	req := &moonshinev1.JoinGameRequest{GameId: pos[0], Name: *name}
	if *seat >= 0 {
		req.Seat = proto.Int32(int32(*seat))
	}
	cl, err := c.client()
	if err != nil {
		return err
	}
	res, err := cl.JoinGame(c.ctx, req)
	if err != nil {
		return err
	}
	store, err := loadCredentials(c.configDir)
	if err == nil { // the game as it stands is what `view` shows: wait prints what comes after
		err = store.put(credential{Server: c.addr, Game: pos[0], Seat: int(res.GetSeat()), Name: *name, Token: res.GetCredential(),
			Shown: res.GetGame().GetVersion()})
	}
	if err != nil {
		fmt.Fprintf(c.errw, "moonshine join: the credential was not stored (%v): keep it from the output\n", err)
	}
	if c.json {
		return c.printJSON(res)
	}
	fmt.Fprintf(c.out, "joined %s as seat %d\ncredential: %s\n", pos[0], res.GetSeat(), res.GetCredential())
	if err == nil {
		fmt.Fprintf(c.out, "stored in %s; use --as %d\n", store.path, res.GetSeat())
	}
	return nil
}

// perspectiveFlags registers --perspective and --seat on fs; the result
// gives their parsed values once fs is parsed.
func perspectiveFlags(fs *flag.FlagSet) func() (moonshinev1.Perspective, int32, error) {
	kind := fs.String("perspective", "", "public, seat or full (default: your own)")
	seat := fs.Int("seat", 0, "the seat, for --perspective seat")
	return func() (moonshinev1.Perspective, int32, error) {
		p, err := viewPerspective(*kind)
		return p, int32(*seat), err
	}
}

// viewPerspective parses --perspective.
func viewPerspective(kind string) (moonshinev1.Perspective, error) {
	switch kind {
	case "":
		return moonshinev1.Perspective_PERSPECTIVE_UNSPECIFIED, nil
	case "public":
		return moonshinev1.Perspective_PERSPECTIVE_PUBLIC, nil
	case "seat":
		return moonshinev1.Perspective_PERSPECTIVE_SEAT, nil
	case "full":
		return moonshinev1.Perspective_PERSPECTIVE_FULL, nil
	}
	return 0, usagef("--perspective: want public, seat or full, not %q", kind)
}

// cmdView shows the current view.
func cmdView(c *cli, argv []string) error {
	fs := c.flags("view")
	perspective := perspectiveFlags(fs)
	pos, err := parse(fs, argv, 1, 1)
	if err != nil {
		return err
	}
	p, seat, err := perspective()
	if err != nil {
		return err
	}
	cl, ctx, err := c.call(pos[0])
	if err != nil {
		return err
	}
	res, err := cl.GetView(ctx, &moonshinev1.GetViewRequest{GameId: pos[0], Perspective: p, Seat: seat})
	if err != nil {
		return err
	}
	return c.showView(res.GetView())
}

// showView prints a view as text or protojson.
func (c *cli) showView(v *moonshinev1.GameView) error {
	if c.json {
		return c.printJSON(v)
	}
	viewText(c.out, v)
	return nil
}

// cmdLegal lists the seat's legal commands, numbered from 1, and the
// templates of the commands too many to list, each as a command to paste
// with its free fields and their values; --example NAME prints only the
// example of one template, as --command-json takes it.
func cmdLegal(c *cli, argv []string) error {
	fs := c.flags("legal")
	example := fs.String("example", "", "print only this template's example command (the JSON for --command-json)")
	pos, err := parse(fs, argv, 1, 1)
	if err != nil {
		return err
	}
	v, err := c.ownView(pos[0])
	if err != nil {
		return err
	}
	p := v.GetPrompt()
	r := renderFor(v.GetInfo().GetGame())
	if *example != "" {
		for _, t := range p.GetTemplates() {
			if t.GetName() == *example {
				_, err := fmt.Fprintln(c.out, canonicalJSON(templateExample(r, v, t)))
				return err
			}
		}
		return fmt.Errorf("no template %q offered now (see `moonshine legal %s`)", *example, pos[0])
	}
	if c.json {
		if p == nil {
			p = &moonshinev1.Prompt{}
		}
		return c.printJSON(p)
	}
	if p == nil {
		fmt.Fprintln(c.out, nothingToDo(v))
		return nil
	}
	var board *moonshinev1.GameBoard
	if r.note != nil && r.needsBoard && len(p.GetLegal()) > 0 {
		board = c.board(v.GetInfo().GetGame()) // nil if it fails: the notes say less
	}
	promptText(c.out, r, v, board)
	return nil
}

// promptText writes the seat's prompt: what it must or may do, its legal
// commands numbered from 1 (each with the renderer's note), its
// templates, and how to act, or to let it be when the game does not wait
// for the seat.
func promptText(w io.Writer, r renderer, v *moonshinev1.GameView, board *moonshinev1.GameBoard) {
	p, game := v.GetPrompt(), v.GetInfo().GetGameId()
	if p.GetMustAct() {
		fmt.Fprintf(w, "your move: %s\n", p.GetDetail())
	} else {
		fmt.Fprintf(w, "you may %s; the game does not wait for you%s\n", p.GetDetail(), othersAwaited(v))
	}
	for i, cmd := range p.GetLegal() {
		label := ""
		if i < len(p.GetLegalLabels()) {
			label = p.GetLegalLabels()[i]
		}
		line := r.Command(label, cmd)
		if r.note != nil {
			if n := r.note(v, board, cmd); n != "" {
				line += " [" + n + "]"
			}
		}
		fmt.Fprintf(w, "%3d. %s\n", i+1, line)
	}
	for _, t := range p.GetTemplates() {
		templateLines(w, r, v, t)
	}
	switch {
	case !p.GetMustAct():
		fmt.Fprintf(w, "or let it be: nothing is needed of you now (`moonshine wait %s` returns when you must act)\n", game)
	case len(p.GetLegal()) > 0:
		fmt.Fprintf(w, "play one with `moonshine submit %s N`\n", game)
	default:
		fmt.Fprintf(w, "fill in a template and paste its submit line (`moonshine legal %s --example NAME` prints its JSON)\n", game)
	}
}

// othersAwaited names, after ", ", the seats the game waits for, from a
// view ("" when it waits for nobody).
func othersAwaited(v *moonshinev1.GameView) string {
	var who []string
	for _, w := range v.GetWaiting() {
		if w.GetMustAct() {
			who = append(who, fmt.Sprintf("%s to %s", seatName(v.GetInfo(), w.GetSeat()), w.GetDetail()))
		}
	}
	if len(who) == 0 {
		return ""
	}
	return ": it waits for " + strings.Join(who, ", and for ")
}

// board returns a game's printed board from the server, or nil.
func (c *cli) board(game string) *moonshinev1.GameBoard {
	cl, err := c.client()
	if err != nil {
		return nil
	}
	res, err := cl.GetRules(c.ctx, &moonshinev1.GetRulesRequest{Game: game})
	if err != nil {
		return nil
	}
	return res.GetRules().GetBoard()
}

// nothingToDo says why a view has no prompt: the game is over, the caller
// is a spectator, or the game waits for others.
func nothingToDo(v *moonshinev1.GameView) string {
	info := v.GetInfo()
	switch {
	case v.GetOutcome() != nil:
		return "nothing to do: the game is over"
	case v.GetViewer().GetPerspective() != moonshinev1.Perspective_PERSPECTIVE_SEAT:
		return fmt.Sprintf("nothing to do: you are watching as a spectator (no credential for this game here): `moonshine join %s`, or pick a stored seat with --as SEAT, or pass --token", info.GetGameId())
	}
	if others := othersAwaited(v); others != "" {
		return fmt.Sprintf("nothing to do now%s (`moonshine wait %s` returns when it is your turn)", others, info.GetGameId())
	}
	return "nothing to do now"
}

// ownView returns the caller's current view of a game.
func (c *cli) ownView(game string) (*moonshinev1.GameView, error) {
	cl, ctx, err := c.call(game)
	if err != nil {
		return nil, err
	}
	res, err := cl.GetView(ctx, &moonshinev1.GetViewRequest{GameId: game})
	if err != nil {
		return nil, err
	}
	return res.GetView(), nil
}

// cmdSubmit plays the Nth legal command, or one given as protojson. With
// --id, the command is remembered under that id: submitting the same id
// again (a retry, after an outage say) resends that command, which the
// server answers with the first result.
func cmdSubmit(c *cli, argv []string) error {
	fs := c.flags("submit")
	js := fs.String("command-json", "", "the game's command as protojson (the game's own message, or the envelope)")
	id := fs.String("id", "", "the command id, for a safe retry (default: random)")
	pos, err := parse(fs, argv, 1, 2)
	if err != nil {
		return err
	}
	if (len(pos) == 2) == (*js != "") {
		return usagef("give either the number of a legal command or --command-json")
	}
	cmd, game, err := c.commandFor(pos, *js, *id)
	if err != nil {
		return err
	}
	if *id == "" {
		*id = "cli-" + rand.Text()
	}
	cl, ctx, err := c.call(pos[0])
	if err != nil {
		return err
	}
	res, err := cl.SubmitCommand(ctx, &moonshinev1.SubmitCommandRequest{GameId: pos[0], CommandId: *id, Command: cmd})
	if err != nil {
		return err
	}
	if c.json {
		return c.printJSON(res)
	}
	r := renderFor(game)
	c.catchUp(pos[0], r, res.GetFirstSeq()-1)
	fmt.Fprintf(c.out, "played: %s (%s)\n", r.Command(res.GetLabel(), cmd), eventRange(res.GetFirstSeq(), res.GetLastSeq()))
	for _, ev := range res.GetEvents() {
		eventLines(c.out, r, ev)
	}
	if mine, _ := c.stored(pos[0]); mine != nil && mine.Shown >= res.GetFirstSeq()-1 {
		c.markShown(pos[0], mine.Seat, res.GetLastSeq())
	}
	return nil
}

// eventRange names the events a command wrote: "event 7", "events 7-9".
func eventRange(first, last int64) string {
	if first == last {
		return fmt.Sprintf("event %d", first)
	}
	return fmt.Sprintf("events %d-%d", first, last)
}

// catchUp prints, before a command's own events, those the seat was not
// shown yet up to seq (what the other seats did since its last wait), and
// records them as shown. Without a stored seat credential it does
// nothing; a failure only loses the catching up.
func (c *cli) catchUp(game string, r renderer, seq int64) {
	mine, err := c.stored(game)
	if err != nil || mine == nil || mine.Shown == 0 || mine.Shown >= seq { // 0: no mark (an older CLI's credential)
		return
	}
	cl, ctx, err := c.call(game)
	if err != nil {
		return
	}
	res, err := cl.GetHistory(ctx, &moonshinev1.GetHistoryRequest{GameId: game, AfterSeq: mine.Shown, PageSize: int32(min(seq-mine.Shown, 10000))})
	if err != nil {
		return
	}
	shown := mine.Shown
	for _, ev := range res.GetEvents() {
		if ev.GetSeq() > seq {
			break
		}
		eventLines(c.out, r, ev)
		shown = ev.GetSeq()
	}
	c.markShown(game, mine.Seat, shown)
}

// commandFor returns the command to submit and the game's rules id: the
// one remembered under id when it was sent before, else the one asked
// for (remembered under id, when there is one).
func (c *cli) commandFor(pos []string, js, id string) (*moonshinev1.GameCommand, string, error) {
	if id == "" {
		return c.pickCommand(pos, js)
	}
	sent, err := loadSent(c.configDir)
	if err != nil {
		return nil, "", err
	}
	cmd, err := sent.find(c.addr, pos[0], id)
	if err != nil {
		return nil, "", err
	}
	if cmd != nil {
		info, err := c.info(pos[0])
		if err != nil {
			return nil, "", err
		}
		fmt.Fprintf(c.errw, "moonshine submit: resending the command first sent with id %s\n", id)
		return cmd, info.GetGame(), nil
	}
	cmd, game, err := c.pickCommand(pos, js)
	if err != nil {
		return nil, "", err
	}
	if err := sent.put(c.addr, pos[0], id, cmd); err != nil {
		fmt.Fprintf(c.errw, "moonshine submit: the command was not remembered (%v): a retry with --id %s must give it again\n", err, id)
	}
	return cmd, game, nil
}

// pickCommand returns the command to submit and the game's rules id.
func (c *cli) pickCommand(pos []string, js string) (*moonshinev1.GameCommand, string, error) {
	if js != "" {
		info, err := c.info(pos[0])
		if err != nil {
			return nil, "", err
		}
		env := &moonshinev1.GameCommand{}
		if err := unmarshalInto(env, info.GetGame(), js); err != nil {
			return nil, "", usagef("--command-json: %v", err)
		}
		return env, info.GetGame(), nil
	}
	n, err := atoi("N", pos[1])
	if err != nil {
		return nil, "", err
	}
	v, err := c.ownView(pos[0])
	if err != nil {
		return nil, "", err
	}
	legal := v.GetPrompt().GetLegal()
	if n < 1 || n > len(legal) {
		if len(legal) == 0 {
			return nil, "", fmt.Errorf("there is no legal command to play now, so no number %d: %s", n, nothingToDo(v))
		}
		return nil, "", fmt.Errorf("there are %d legal commands now, not %d (see `moonshine legal %s`)", len(legal), n, pos[0])
	}
	return legal[n-1], v.GetInfo().GetGame(), nil
}

// info returns a game's public metadata.
func (c *cli) info(game string) (*moonshinev1.GameInfo, error) {
	cl, err := c.client()
	if err != nil {
		return nil, err
	}
	res, err := cl.GetGame(c.ctx, &moonshinev1.GetGameRequest{GameId: game})
	if err != nil {
		return nil, err
	}
	return res.GetGame(), nil
}

// cmdSay sends table talk.
func cmdSay(c *cli, argv []string) error {
	fs := c.flags("say")
	to := fs.Int("to", -1, "the one seat the message is for (default: everyone)")
	pos, err := parse(fs, argv, 2, 2)
	if err != nil {
		return err
	}
	req := &moonshinev1.SendMessageRequest{GameId: pos[0], Text: pos[1]}
	if *to >= 0 {
		req.ToSeat = proto.Int32(int32(*to))
	}
	cl, ctx, err := c.call(pos[0])
	if err != nil {
		return err
	}
	res, err := cl.SendMessage(ctx, req)
	if err != nil {
		return err
	}
	if c.json {
		return c.printJSON(res)
	}
	talkLines(c.out, res.GetTalk())
	return nil
}
