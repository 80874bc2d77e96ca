package main

import (
	"crypto/rand"
	"fmt"
	"strings"

	"github.com/moonshine-games/moonshine/cmd/moonshine/internal/render"
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/reflect/protoreflect"
)

// The commands of a table rather than of its game's rules: resigning,
// leaving a seat, taking a command back, cancelling the table and
// replacing a seat's credential (the last two with the creator
// credential create stored), and the hosted games' rules.

// cmdResign concedes the game for the caller's seat.
func cmdResign(c *cli, argv []string) error {
	fs := c.flags("resign")
	id := fs.String("id", "", "the command id, for a safe retry (default: random)")
	pos, err := parse(fs, argv, 1, 1)
	if err != nil {
		return err
	}
	if *id == "" {
		*id = "cli-" + rand.Text()
	}
	info, err := c.info(pos[0])
	if err != nil {
		return err
	}
	cl, ctx, err := c.call(pos[0])
	if err != nil {
		return err
	}
	res, err := cl.Resign(ctx, &moonshinev1.ResignRequest{GameId: pos[0], CommandId: *id})
	if err != nil {
		return err
	}
	if c.json {
		return c.printJSON(res)
	}
	r := renderFor(info.GetGame())
	c.catchUp(pos[0], r, res.GetFirstSeq()-1)
	label := res.GetLabel()
	if label == "" {
		label = "resign"
	}
	fmt.Fprintf(c.out, "played: %s (%s)\n", label, eventRange(res.GetFirstSeq(), res.GetLastSeq()))
	for _, ev := range res.GetEvents() {
		eventLines(c.out, r, ev)
	}
	return nil
}

// cmdLeave frees the caller's seat before the game starts and forgets its
// credential.
func cmdLeave(c *cli, argv []string) error {
	fs := c.flags("leave")
	pos, err := parse(fs, argv, 1, 1)
	if err != nil {
		return err
	}
	mine, err := c.stored(pos[0])
	if err != nil {
		return err
	}
	cl, ctx, err := c.call(pos[0])
	if err != nil {
		return err
	}
	res, err := cl.LeaveSeat(ctx, &moonshinev1.LeaveSeatRequest{GameId: pos[0]})
	if err != nil {
		return err
	}
	if mine != nil {
		if store, err := loadCredentials(c.configDir); err == nil {
			_ = store.remove(c.addr, pos[0], mine.Seat)
		}
	}
	if c.json {
		return c.printJSON(res)
	}
	fmt.Fprintf(c.out, "left %s; its seat is free again\n", pos[0])
	seatsBlock(c.out, res.GetGame())
	return nil
}

// cmdTakeback asks to take back the caller's last command (with --ask,
// asking the other seats' consent when it needs it), or answers another
// seat's request (--answer yes|no).
func cmdTakeback(c *cli, argv []string) error {
	fs := c.flags("takeback")
	ask := fs.Bool("ask", false, "when the takeback needs the other seats' consent, ask for it (otherwise the refusal says why it needs it)")
	answer := fs.String("answer", "", "answer another seat's takeback request: yes or no")
	pos, err := parse(fs, argv, 1, 1)
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
	var st moonshinev1.TakebackStatus
	var ev *moonshinev1.Event
	switch *answer {
	case "":
		res, err := cl.RequestTakeback(ctx, &moonshinev1.RequestTakebackRequest{GameId: pos[0], AskConsent: *ask})
		if err != nil {
			return err
		}
		if c.json {
			return c.printJSON(res)
		}
		st, ev = res.GetStatus(), res.GetEvent()
	case "yes", "no":
		if *ask {
			return usagef("--ask asks for a takeback of your own; --answer answers another seat's: not both")
		}
		res, err := cl.AnswerTakeback(ctx, &moonshinev1.AnswerTakebackRequest{GameId: pos[0], Accept: *answer == "yes"})
		if err != nil {
			return err
		}
		if c.json {
			return c.printJSON(res)
		}
		st, ev = res.GetStatus(), res.GetEvent()
	default:
		return usagef("--answer: want yes or no, not %q", *answer)
	}
	if ev != nil {
		eventLines(c.out, renderFor(info.GetGame()), ev)
	}
	switch st {
	case moonshinev1.TakebackStatus_TAKEBACK_STATUS_TAKEN_BACK:
		fmt.Fprintf(c.out, "taken back: see `moonshine view %s`\n", pos[0])
	case moonshinev1.TakebackStatus_TAKEBACK_STATUS_ASKED:
		fmt.Fprintln(c.out, "asked: the other seats answer with `moonshine takeback GAME --answer yes|no`")
	case moonshinev1.TakebackStatus_TAKEBACK_STATUS_DECLINED:
		fmt.Fprintln(c.out, "declined: nothing is taken back")
	}
	return nil
}

// creatorToken returns the creator credential of a game: --creator, else
// the one create stored.
func (c *cli) creatorToken(game, flagged string) (string, error) {
	if flagged != "" {
		return flagged, nil
	}
	store, err := loadCredentials(c.configDir)
	if err != nil {
		return "", err
	}
	if cr, ok := store.find(c.addr, game, creatorSeat); ok {
		return cr.Token, nil
	}
	return "", fmt.Errorf("no creator credential of game %s on %s is stored here (create stores it): pass --creator", game, c.addr)
}

// cmdCancel cancels a game that has not started, as its creator.
func cmdCancel(c *cli, argv []string) error {
	fs := c.flags("cancel")
	creator := fs.String("creator", "", "the creator credential create printed (default: the one it stored)")
	pos, err := parse(fs, argv, 1, 1)
	if err != nil {
		return err
	}
	tok, err := c.creatorToken(pos[0], *creator)
	if err != nil {
		return err
	}
	cl, err := c.client()
	if err != nil {
		return err
	}
	res, err := cl.CancelGame(c.ctx, &moonshinev1.CancelGameRequest{GameId: pos[0], CreatorCredential: tok})
	if err != nil {
		return err
	}
	if c.json {
		return c.printJSON(res)
	}
	fmt.Fprintf(c.out, "cancelled %s\n", infoLine(res.GetGame()))
	return nil
}

// cmdRotate replaces a seat's credential, as the game's creator (a player
// who lost theirs), and stores the new one.
func cmdRotate(c *cli, argv []string) error {
	fs := c.flags("rotate")
	creator := fs.String("creator", "", "the creator credential create printed (default: the one it stored)")
	pos, err := parse(fs, argv, 2, 2)
	if err != nil {
		return err
	}
	seat, err := atoi("SEAT", pos[1])
	if err != nil {
		return err
	}
	tok, err := c.creatorToken(pos[0], *creator)
	if err != nil {
		return err
	}
	cl, err := c.client()
	if err != nil {
		return err
	}
	res, err := cl.RotateCredential(c.ctx, &moonshinev1.RotateCredentialRequest{GameId: pos[0], CreatorCredential: tok, Seat: int32(seat)})
	if err != nil {
		return err
	}
	name := ""
	for _, s := range res.GetGame().GetSeats() {
		if int(s.GetSeat()) == seat {
			name = s.GetName()
		}
	}
	store, err := loadCredentials(c.configDir)
	if err == nil {
		err = store.put(credential{Server: c.addr, Game: pos[0], Seat: seat, Name: name, Token: res.GetCredential()})
	}
	if err != nil {
		fmt.Fprintf(c.errw, "moonshine rotate: the credential was not stored (%v): keep it from the output\n", err)
	}
	if c.json {
		return c.printJSON(res)
	}
	fmt.Fprintf(c.out, "seat %d of %s has a new credential (the old one no longer works): %s\n", seat, pos[0], res.GetCredential())
	if err == nil {
		fmt.Fprintf(c.out, "stored in %s; use --as %d, or give it to the seat's player\n", store.path, seat)
	}
	return nil
}

// cmdRules lists the hosted games, or describes one: its player range,
// its variants with what each sets, and its options.
func cmdRules(c *cli, argv []string) error {
	fs := c.flags("rules")
	pos, err := parse(fs, argv, 0, 1)
	if err != nil {
		return err
	}
	cl, err := c.client()
	if err != nil {
		return err
	}
	if len(pos) == 0 {
		res, err := cl.ListRules(c.ctx, &moonshinev1.ListRulesRequest{})
		if err != nil {
			return err
		}
		if c.json {
			return c.printJSON(res)
		}
		for _, g := range res.GetGames() {
			var vs []string
			for _, v := range g.GetVariants() {
				vs = append(vs, v.GetName())
			}
			fmt.Fprintf(c.out, "%s  %s, %s; variants: %s\n", g.GetGame(), g.GetTitle(), players(g.GetMinPlayers(), g.GetMaxPlayers()), strings.Join(vs, ", "))
		}
		fmt.Fprintln(c.out, "`moonshine rules GAME` describes one")
		return nil
	}
	res, err := cl.GetRules(c.ctx, &moonshinev1.GetRulesRequest{Game: pos[0]})
	if err != nil {
		return err
	}
	g := res.GetRules()
	if c.json {
		g.Board = nil // `moonshine board --game G` shows it
		return c.printJSON(g)
	}
	fmt.Fprintf(c.out, "%s (%s): %s\nvariants (create --variant NAME; the first is the default):\n", g.GetTitle(), g.GetGame(), players(g.GetMinPlayers(), g.GetMaxPlayers()))
	for _, v := range g.GetVariants() {
		fmt.Fprintf(c.out, "  %s: %s, %s", v.GetName(), v.GetTitle(), players(v.GetMinPlayers(), v.GetMaxPlayers()))
		if d := v.GetDescription(); d != "" {
			fmt.Fprintf(c.out, ": %s", d)
		}
		fmt.Fprintln(c.out)
		if o := v.GetOptions(); o != nil {
			if inner := gameMessage(o); inner != nil {
				fmt.Fprintf(c.out, "      options: %s\n", canonicalJSON(inner.Interface()))
			}
		}
	}
	if od := optionsOf(g.GetGame()); od != nil {
		fmt.Fprintf(c.out, "options (create --options-json, instead of a variant): %s\n", messageShape(od))
	}
	fmt.Fprintf(c.out, "`moonshine board --game %s` shows the printed board\n", g.GetGame())
	return nil
}

// players writes a range of table sizes: "2 players", "3-6 players".
func players(lo, hi int32) string {
	if lo == hi {
		return render.Plural(lo, "player")
	}
	return fmt.Sprintf("%d-%d players", lo, hi)
}

// optionsOf returns the descriptor of a game's Options message, from the
// envelope's field named after the game, or nil.
func optionsOf(game string) protoreflect.MessageDescriptor {
	fd := (&moonshinev1.GameOptions{}).ProtoReflect().Descriptor().Fields().ByName(protoreflect.Name(strings.ReplaceAll(game, "-", "_")))
	if fd == nil {
		return nil
	}
	return fd.Message()
}

// withVariants adds the game's variants to a BAD_VARIANT refusal of
// create, which names only the one refused.
func (c *cli) withVariants(game string, err error) error {
	if failureOf(err, c.addr).Reason != "BAD_VARIANT" {
		return err
	}
	cl, cerr := c.client()
	if cerr != nil {
		return err
	}
	res, rerr := cl.GetRules(c.ctx, &moonshinev1.GetRulesRequest{Game: game})
	if rerr != nil {
		return err
	}
	var vs []string
	for _, v := range res.GetRules().GetVariants() {
		vs = append(vs, fmt.Sprintf("%s (%s)", v.GetName(), players(v.GetMinPlayers(), v.GetMaxPlayers())))
	}
	st := status.Convert(err).Proto()
	st.Message += fmt.Sprintf(": the variants of %s are %s (`moonshine rules %s` describes them)", game, strings.Join(vs, ", "), game)
	return status.FromProto(st).Err()
}
