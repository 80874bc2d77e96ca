package bootleggers

import (
	"fmt"
	"slices"

	"google.golang.org/protobuf/proto"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/bootleggers/printed"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
)

// Template names (engine.Template.Name).
const (
	TemplateSendInTheBoys = "send-in-the-boys"
	TemplateRunTheWhiskey = "run-the-whiskey"
	TemplateProposeTrade  = "propose-trade"
	TemplateWithdrawTrade = "withdraw-trade"
	TemplateCallTheOrder  = "call-the-order"
)

// maxListedOrders bounds the orders a call lists (4 trucks: 24 orders);
// beyond it the order is a template.
const maxListedOrders = 4

// Prompts returns who must or may act now. Legal lists the concrete
// commands Decide accepts, found with the kit's checks; the commands with
// too many forms (placements, loads, trade offers) come as Templates, with
// a few concrete forms listed too.
func (s *State) Prompts() []engine.Prompt { return s.prompts(true) }

// firstPrompt returns Prompts()[0] without building the others: the
// prompt a playout answers (the first that must act), at a fraction of the
// cost when several seats may act.
func (s *State) firstPrompt() (engine.Prompt, bool) {
	ps := s.prompts(false)
	if len(ps) == 0 {
		return engine.Prompt{}, false
	}
	return ps[0], true
}

// prompts builds the prompts of every seat that must or may act, or when
// all is false at least the first of them.
func (s *State) prompts(all bool) []engine.Prompt {
	if s.players == 0 || s.result != nil {
		return nil
	}
	switch {
	case s.step == pb.Step_STEP_BIDDING:
		var out []engine.Prompt
		for _, seat := range s.bids.Waiting() {
			out = append(out, engine.Prompt{Seat: seat, MustAct: true, Reason: printed.PromptChooseMuscle,
				Detail: fmt.Sprintf("seal a Muscle card for round %d", s.round), Legal: s.legal(int(seat), s.bidCandidates(int(seat)))})
			if !all {
				break
			}
		}
		return out
	case s.step == pb.Step_STEP_CALL_THE_ORDER:
		return []engine.Prompt{s.callPrompt()}
	case s.step == pb.Step_STEP_CASINO_CARDS:
		return s.windowPrompts(all)
	case s.current() == noSeat:
		return nil
	}
	seat := s.current()
	p := engine.Prompt{Seat: engine.Seat(seat), MustAct: true}
	switch s.phase {
	case muscle:
		p.Reason, p.Detail = printed.PromptSelect, "take a Men of Action card or the Truck card, or pass"
		p.Legal = s.legal(seat, s.selectCandidates(seat))
	case sendIn:
		p.Reason, p.Detail = printed.PromptSendInTheBoys, "send in the boys"
		p.Legal = s.legal(seat, slices.Concat(s.cardCandidates(seat), s.casinoCardCandidates(seat), s.boysCandidates(seat)))
		p.Templates = []engine.Template{s.boysTemplate(seat)}
		if !all {
			return []engine.Prompt{p}
		}
		return append([]engine.Prompt{p}, s.casinoCardPrompts(seat)...)
	case fireUp:
		p.Reason, p.Detail = printed.PromptFireUpTheStill, "fire up the still, or play it cool"
		p.Legal = s.legal(seat, []*pb.Command{Cmd(&pb.FireUpTheStill{}), Cmd(&pb.FireUpTheStill{PlayItCool: true})})
	case runIt:
		return s.runPrompts(seat, all)
	}
	return []engine.Prompt{p}
}

// legal keeps the candidates Decide accepts.
func (s *State) legal(seat int, cands []*pb.Command) []proto.Message {
	return decider.Legal(s, engine.Seat(seat), cands)
}

func (s *State) bidCandidates(seat int) []*pb.Command {
	var out []*pb.Command
	for _, c := range s.seats[seat].hand {
		out = append(out, Cmd(&pb.ChooseMuscle{Card: int32(c)}))
	}
	return out
}

// selectCandidates lists every card of the offer with every target its
// effect may take, the Truck card, and the pass.
func (s *State) selectCandidates(seat int) []*pb.Command {
	var out []*pb.Command
	for i, sl := range s.offer.slots {
		if sl.card == noCard {
			continue
		}
		take := &pb.TakeMenOfAction{Slot: int32(i)}
		out = append(out, Cmd(take))
		switch printed.CardKindOf(sl.card) {
		case stillUpgrade:
			for j := range s.seats[seat].stills {
				out = append(out, Cmd(&pb.TakeMenOfAction{Slot: int32(i), Still: ptr(int32(j))}))
			}
		case improvement:
			for _, sp := range s.house.Speakeasies {
				out = append(out, Cmd(&pb.TakeMenOfAction{Slot: int32(i), Place: sp.Place}))
			}
		}
	}
	out = append(out, s.casinoCandidates(seat)...)
	return append(out, Cmd(&pb.BuyTruck{}), Cmd(&pb.PassSelection{}))
}

// cardCandidates lists every kept card of the phase with every target.
func (s *State) cardCandidates(seat int) []*pb.Command {
	var out []*pb.Command
	for _, id := range s.seats[seat].kept {
		for _, e := range s.targets(seat, printed.CardKindOf(id)) {
			c := &pb.PlayCard{CardId: int32(id)}
			e(c)
			out = append(out, Cmd(c))
		}
	}
	return out
}

// targets returns a setter per target a card of kind k might take now,
// each to be called once (it hands over its own effect, uncopied).
func (s *State) targets(seat int, k pb.CardKind) []func(*pb.PlayCard) {
	var out []func(*pb.PlayCard)
	switch k {
	case hit:
		for _, p := range s.speakeasies() {
			for _, v := range s.hitVictims(seat, p) {
				h := &pb.Hit{Place: p, Victims: v}
				out = append(out, func(c *pb.PlayCard) { c.Effect = &pb.PlayCard_Hit{Hit: h} })
			}
		}
	case shutdown:
		for r := range s.seats {
			for i := range s.seats[r].stills {
				t := &pb.Shutdown{Seat: int32(r), Still: int32(i)}
				out = append(out, func(c *pb.PlayCard) { c.Effect = &pb.PlayCard_Shutdown{Shutdown: t} })
			}
		}
	case payOff:
		out = append(out, func(c *pb.PlayCard) { c.Effect = &pb.PlayCard_PayOffTheCopper{PayOffTheCopper: &pb.PayOffTheCopper{}} })
	case hijack, halt:
		for _, p := range printed.Places {
			for _, id := range s.place(p.Place).line {
				id := int32(id)
				if k == hijack {
					out = append(out, func(c *pb.PlayCard) { c.Effect = &pb.PlayCard_Hijack{Hijack: &pb.Hijack{Truck: id}} })
				} else {
					out = append(out, func(c *pb.PlayCard) { c.Effect = &pb.PlayCard_HaltAnOrder{HaltAnOrder: &pb.HaltAnOrder{Truck: id}} })
				}
			}
		}
	case bigNight:
		for _, p := range s.speakeasies() {
			out = append(out, func(c *pb.PlayCard) { c.Effect = &pb.PlayCard_BigNight{BigNight: &pb.BigNight{Place: p}} })
		}
	}
	return out
}

// speakeasies lists the speakeasies in play, smallest first.
func (s *State) speakeasies() []pb.DrinkingPlace {
	var out []pb.DrinkingPlace
	for _, sp := range s.house.Speakeasies {
		if st := s.place(sp.Place); st.inPlay && st.kind == speakeasy {
			out = append(out, sp.Place)
		}
	}
	return out
}

// hitVictims lists the victim lists a Hit could name at p: one marker of a
// rival colour there, two of one, or one each of two (in either order).
func (s *State) hitVictims(seat int, p pb.DrinkingPlace) [][]*pb.Colour {
	var rivals []colour
	for c, n := range s.place(p).markers {
		if n > 0 && c != seat {
			rivals = append(rivals, colour(c))
		}
	}
	var out [][]*pb.Colour
	for _, a := range rivals {
		out = append(out, []*pb.Colour{colourMsg(a)})
		for _, b := range rivals {
			if a != b || s.place(p).markers[a] >= 2 {
				out = append(out, []*pb.Colour{colourMsg(a), colourMsg(b)})
			}
		}
	}
	return out
}

// colourMsg is a colour in the contract.
func colourMsg(c colour) *pb.Colour {
	if c == neutralColour {
		return &pb.Colour{Who: &pb.Colour_Neutral{Neutral: true}}
	}
	return &pb.Colour{Who: &pb.Colour_Seat{Seat: int32(c)}}
}

// boysCandidates lists sending in no boys, and every placement of markers
// in one speakeasy; the rest is the template's.
func (s *State) boysCandidates(seat int) []*pb.Command {
	out := []*pb.Command{Cmd(&pb.SendInTheBoys{})}
	back := s.seats[seat].backRoom
	for _, p := range s.speakeasies() {
		for n := 1; n <= min(back, s.freeCircles(p)); n++ {
			out = append(out, Cmd(&pb.SendInTheBoys{Placements: []*pb.Placement{{Place: p, Markers: int32(n)}}}))
		}
	}
	for _, p := range s.redevelopable(seat) {
		out = append(out, Cmd(&pb.SendInTheBoys{Redevelop: p}))
	}
	return out
}

// boysTemplate describes every SendInTheBoys the seat may send.
func (s *State) boysTemplate(seat int) engine.Template {
	var places []string
	for _, p := range s.speakeasies() {
		if s.freeCircles(p) > 0 {
			places = append(places, p.String())
		}
	}
	t := engine.Template{Name: TemplateSendInTheBoys, Command: Cmd(&pb.SendInTheBoys{}),
		Description: "send markers from your Back Room into free circles of speakeasies (this ends your turn)",
		Params: []engine.Param{{Field: "send_in_the_boys.placements", Description: "markers per speakeasy, at most one entry each",
			Choices: places, Max: s.seats[seat].backRoom}}}
	if re := s.redevelopable(seat); len(re) > 0 {
		var names []string
		for _, p := range re {
			names = append(names, p.String())
		}
		t.Params = append(t.Params, engine.Param{Field: "send_in_the_boys.redevelop",
			Description: "the speakeasy first redeveloped into a casino (Boardwalk): you then discard your trucks, dice and Remote Stills", Choices: names})
	}
	if s.opts.GetRingUpTheBoys() && s.canRingUp(seat) {
		var from []string
		for _, p := range s.speakeasies() {
			if s.checkRingUp(seat, p) == nil {
				from = append(from, p.String())
			}
		}
		t.Params = append(t.Params, engine.Param{Field: "send_in_the_boys.ring_up_from",
			Description: "the speakeasy one marker is called back from first (Ring up the Boys)", Choices: from})
	}
	return t
}

// runPrompts are Phase 4's: the seat on turn must run its whiskey; every
// other seat, when all, may answer offers made to it and make its own.
func (s *State) runPrompts(seat int, all bool) []engine.Prompt {
	on := engine.Prompt{Seat: engine.Seat(seat), MustAct: true, Reason: printed.PromptRunTheWhiskey,
		Detail: "run the whiskey"}
	on.Legal = s.legal(seat, slices.Concat(s.answerCandidates(seat), s.cardCandidates(seat), s.casinoCardCandidates(seat),
		s.cutCandidates(seat), s.runCandidates(seat)))
	on.Templates = append([]engine.Template{s.runTemplate(seat)}, s.tradeTemplates(seat)...)
	out := []engine.Prompt{on}
	for i := range s.players {
		if i == seat || !all {
			continue
		}
		p := s.tradePrompt(i)
		p.Templates = s.tradeTemplates(i)
		out = append(out, p)
	}
	return out
}

// tradePrompt is the Phase 4 prompt of seat, not on its turn, without its
// templates: it may answer the offers made to it, play a Casino card or
// cut O'Malley's.
func (s *State) tradePrompt(seat int) engine.Prompt {
	return engine.Prompt{Seat: engine.Seat(seat), Reason: printed.PromptTrade, Detail: "trade",
		Legal: s.legal(seat, slices.Concat(s.answerCandidates(seat), s.casinoCardCandidates(seat), s.cutCandidates(seat)))}
}

// answerCandidates lists accepting and declining each offer made to seat.
func (s *State) answerCandidates(seat int) []*pb.Command {
	var out []*pb.Command
	for _, t := range s.trades {
		if t.to == seat {
			out = append(out, Cmd(&pb.AnswerTrade{OfferId: int32(t.id), Accept: true}), Cmd(&pb.AnswerTrade{OfferId: int32(t.id)}))
		}
	}
	return out
}

// runCandidates lists keeping every truck at home, and loading every truck
// the seat runs (largest first) to one place, for each place open.
func (s *State) runCandidates(seat int) []*pb.Command {
	out := []*pb.Command{Cmd(&pb.RunTheWhiskey{})}
	for _, spec := range printed.Places {
		if !s.open(spec.Place) {
			continue
		}
		if runs := s.loadAll(seat, spec.Place); len(runs) > 0 {
			out = append(out, Cmd(&pb.RunTheWhiskey{Runs: runs}))
		}
	}
	return out
}

// loadAll loads seat's crates on the trucks it runs at home, largest first,
// all to place p.
func (s *State) loadAll(seat int, p pb.DrinkingPlace) []*pb.Run {
	var runs []*pb.Run
	left := s.seats[seat].crates
	for _, id := range s.runnable(seat) {
		if left == 0 {
			break
		}
		n := min(left, s.house.Truck(printed.TruckSizeOf(id)).Capacity)
		runs = append(runs, &pb.Run{Truck: int32(id), Crates: int32(n), Place: p})
		left -= n
	}
	return runs
}

// runnable lists the trucks seat runs at home this round, largest first
// (ties: the lower id).
func (s *State) runnable(seat int) []int {
	var ids []int
	for id, t := range s.trucks {
		if s.runnerOf(id) == seat && t.place == pb.DrinkingPlace_DRINKING_PLACE_UNSPECIFIED {
			ids = append(ids, id)
		}
	}
	slices.SortStableFunc(ids, func(a, b int) int {
		return s.house.Truck(printed.TruckSizeOf(b)).Capacity - s.house.Truck(printed.TruckSizeOf(a)).Capacity
	})
	return ids
}

// runTemplate describes every RunTheWhiskey the seat may send.
func (s *State) runTemplate(seat int) engine.Template {
	var trucks, places []string
	for _, id := range s.runnable(seat) {
		trucks = append(trucks, fmt.Sprint(id))
	}
	for _, spec := range printed.Places {
		if s.open(spec.Place) {
			places = append(places, spec.Place.String())
		}
	}
	return engine.Template{Name: TemplateRunTheWhiskey, Command: Cmd(&pb.RunTheWhiskey{}),
		Description: "load your trucks with crates from your Back Room and line them up (this ends your turn)",
		Params: []engine.Param{
			{Field: "run_the_whiskey.runs.truck", Description: "a truck you run this round", Choices: trucks, Max: len(trucks)},
			{Field: "run_the_whiskey.runs.crates", Description: "its load", Min: 1, Max: s.seats[seat].crates},
			{Field: "run_the_whiskey.runs.place", Description: "O'Malley's or an open speakeasy", Choices: places},
		}}
}

// tradeTemplates describe the offers seat may make and withdraw.
func (s *State) tradeTemplates(seat int) []engine.Template {
	var to []string
	for i := range s.players {
		if i != seat {
			to = append(to, fmt.Sprint(i))
		}
	}
	out := []engine.Template{{Name: TemplateProposeTrade, Command: Cmd(&pb.ProposeTrade{}),
		Description: "offer another Mobster money, crates or a truck's rent for money, crates or a truck's rent",
		Params: []engine.Param{
			{Field: "propose_trade.to", Description: "the Mobster asked", Choices: to},
			{Field: "propose_trade.give", Description: "what you hand over"},
			{Field: "propose_trade.get", Description: "what you ask for"},
		}}}
	var mine []string
	for _, t := range s.trades {
		if t.from == seat {
			mine = append(mine, fmt.Sprint(t.id))
		}
	}
	if len(mine) > 0 {
		out = append(out, engine.Template{Name: TemplateWithdrawTrade, Command: Cmd(&pb.WithdrawTrade{}),
			Description: "take back an open offer of yours",
			Params:      []engine.Param{{Field: "withdraw_trade.offer_id", Description: "the offer", Choices: mine}}})
	}
	return out
}

// callPrompt asks the majority holder for the buying order: every order
// listed when the tier has few trucks, else the line order and a template.
func (s *State) callPrompt() engine.Prompt {
	k := s.call
	p := engine.Prompt{Seat: engine.Seat(k.seat), MustAct: true, Reason: printed.PromptCallTheOrder,
		Detail: fmt.Sprintf("call the buying order at %s", printed.Place(k.place).Name)}
	orders := [][]int{k.trucks}
	if len(k.trucks) <= maxListedOrders {
		orders = permutations(k.trucks)
	} else {
		var ids []string
		for _, id := range k.trucks {
			ids = append(ids, fmt.Sprint(id))
		}
		p.Templates = []engine.Template{{Name: TemplateCallTheOrder, Command: Cmd(&pb.CallTheOrder{Place: k.place}),
			Description: "order every truck of the tier, first to sell first",
			Params:      []engine.Param{{Field: "call_the_order.trucks", Description: "the trucks in order", Choices: ids, Min: len(ids), Max: len(ids)}}}}
	}
	var cands []*pb.Command
	for _, o := range orders {
		cands = append(cands, Cmd(&pb.CallTheOrder{Place: k.place, Trucks: int32s(o)}))
	}
	p.Legal = s.legal(k.seat, cands)
	return p
}

// permutations returns every order of xs, in lexicographic order of
// positions.
func permutations(xs []int) [][]int {
	if len(xs) <= 1 {
		return [][]int{slices.Clone(xs)}
	}
	var out [][]int
	for i, x := range xs {
		rest := slices.Concat(xs[:i:i], xs[i+1:])
		for _, p := range permutations(rest) {
			out = append(out, append([]int{x}, p...))
		}
	}
	return out
}
