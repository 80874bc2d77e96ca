package main

import (
	"crypto/rand"
	"encoding/json"
	"flag"
	"fmt"
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
	if cfg.Options, err = options(*game, *optsJSON); err != nil {
		return err
	}
	cl, err := c.client()
	if err != nil {
		return err
	}
	res, err := cl.CreateGame(c.ctx, &moonshinev1.CreateGameRequest{Game: *game, Config: cfg})
	if err != nil {
		return err
	}
	if c.json {
		return c.printJSON(res)
	}
	g := res.GetGame()
	fmt.Fprintf(c.out, "created %s\n", infoLine(g))
	fmt.Fprintf(c.out, "game id: %s\nseed commitment (SHA-256): %x\n", g.GetGameId(), g.GetSeedCommitment())
	seatsBlock(c.out, g)
	return nil
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
	if err == nil {
		err = store.put(credential{Server: c.addr, Game: pos[0], Seat: int(res.GetSeat()), Name: *name, Token: res.GetCredential()})
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
	fmt.Fprintf(c.out, "%s (%s)\n", p.GetDetail(), p.GetReason())
	for i, cmd := range p.GetLegal() {
		label := ""
		if i < len(p.GetLegalLabels()) {
			label = p.GetLegalLabels()[i]
		}
		line := r.Command(label, cmd)
		if r.note != nil {
			if n := r.note(v, cmd); n != "" {
				line += " [" + n + "]"
			}
		}
		fmt.Fprintf(c.out, "%3d. %s\n", i+1, line)
	}
	for _, t := range p.GetTemplates() {
		templateLines(c.out, r, v, t)
	}
	return nil
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
	var who []string
	for _, w := range v.GetWaiting() {
		who = append(who, seatName(info, w.GetSeat()))
	}
	if len(who) == 0 {
		return "nothing to do now"
	}
	return fmt.Sprintf("nothing to do now: waiting for %s (`moonshine wait %s` returns when it is your turn)", strings.Join(who, ", "), info.GetGameId())
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
	fmt.Fprintf(c.out, "played: %s (events %d-%d)\n", r.Command(res.GetLabel(), cmd), res.GetFirstSeq(), res.GetLastSeq())
	for _, ev := range res.GetEvents() {
		eventLines(c.out, r, ev)
	}
	return nil
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
