package strategy

import (
	"google.golang.org/protobuf/proto"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/kingdom/printed"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
)

// ChooseToWin returns the heuristic's command for the seat whose view v is
// and prompt p: Choose's play, bent towards the printed win ("The war for
// New York ends the moment a player secures a Commission Card (by
// completing a Gig, Racket, and Score) AND amasses 20 or more Total
// Respect"; after the Blood Oath's Sit-Down, "an Alliance must collectively
// possess at least 1 Commission Card ... and reach a Combined Total of 35
// Respect"). Like Choose it reads only the seat's view and prompt and draws
// only from r.
//
// Where Choose makes Heat and Rats to bring the Sit-Down, the heuristic
// races: it keeps its Heat down and never Rats; it stakes the Contracts
// that fill its Commission, then those worth the most Respect; it Hustles
// whenever its hand holds nothing it can meet; it spends its cash on
// Runners and strikes the rival Districts whose capture wins it a Title;
// and when a rival side is close to the win it strikes that side's
// Districts whose loss costs it a Title (Titles go to "the most Districts
// ... (minimum 2)"; a tie returns the card to the Supply).
func ChooseToWin(v *pb.View, p Prompt, r Rand) *pb.Command { return choose(v, p, r, true) }

// Heuristic is ChooseToWin as an [engine.Policy]: the Kingdom's easy bot
// and the search's default policy.
type Heuristic struct{}

// Choose returns ChooseToWin's command for a Moonshine Kingdom seat view
// and engine prompt (nil when it has none, or when the view is another
// game's).
func (Heuristic) Choose(view proto.Message, p engine.Prompt, r *engine.Rand) proto.Message {
	v, ok := view.(*pb.View)
	if !ok {
		return nil
	}
	if c := ChooseToWin(v, FromEngine(p), r); c != nil {
		return c
	}
	return nil
}

// raceOperations is operations for the heuristic: no Rat, no Heat sought;
// a rival close to the win is struck first, then Titles are taken.
func (d *decider) raceOperations() *pb.Command {
	for _, step := range d.raceSteps() {
		if c := step(); c != nil {
			return c
		}
	}
	return d.legal(func(c *pb.Command) bool { return c.GetLayLow() != nil })
}

// raceSteps are the heuristic's Operations steps, in the order it tries
// them.
func (d *decider) raceSteps() []func() *pb.Command {
	return []func() *pb.Command{
		d.leave, d.loanForDeadline, d.repay, d.rise, d.extortForCash, d.contractWork, d.hustle,
		d.unload, d.block, d.conquerToWin, d.storm, d.push, d.seek, d.muster, d.expand, d.recruit, d.secure, d.bribe, d.lend,
	}
}

// standing is a side's place in the race to the printed win.
type standing struct {
	respect    int  // the side's Respect: the seat's, or the Alliance's combined
	target     int  // the Respect the side needs
	commission bool // the side holds a Commission card
	tiers      int  // the most tiers of the Commission any of its seats completed
}

// need is the Respect the side lacks.
func (s standing) need() int { return max(0, s.target-s.respect) }

// distance rates how far the side is from the win: the Respect it lacks,
// and 4 for each tier its Commission still lacks.
func (s standing) distance() int {
	if s.commission {
		return s.need()
	}
	return s.need() + 4*(3-s.tiers)
}

// closeDistance is the distance at which a rival side is close enough to
// the win to be struck.
const closeDistance = 5

// side returns the standing of seat's side: its own, or after the
// Sit-Down its Alliance's (printed.AllianceRespect combined).
func (b *board) side(seat int) standing {
	sv := b.seatView(seat)
	s := standing{respect: int(sv.GetRespect()), target: printed.RespectToWin, commission: sv.GetCommission(), tiers: tiersOf(sv)}
	if ps := b.v.GetPartners(); seat < len(ps) && int(ps[seat]) != seat {
		p := b.seatView(int(ps[seat]))
		s.respect += int(p.GetRespect())
		s.target = printed.AllianceRespect
		s.commission = s.commission || p.GetCommission()
		s.tiers = max(s.tiers, tiersOf(p))
	}
	return s
}

// tiersOf counts the tiers of a seat's completed Contracts.
func tiersOf(sv *pb.SeatView) int {
	seen := map[pb.Tier]bool{}
	for _, c := range sv.GetCompleted() {
		if card, ok := printed.Card(int(c)); ok {
			seen[card.Tier] = true
		}
	}
	return len(seen)
}

// rival reports a seat of another side than the seat's.
func (b *board) rival(seat int) bool { return seat != b.me && seat != b.partner && seat != nobody }

// leader returns the rival seat whose side is nearest the win, and its
// distance (nobody when every seat is the seat's side).
func (b *board) leader() (int, int) {
	at, best := nobody, 1<<30
	for seat := range int(b.v.GetPlayers()) {
		if !b.rival(seat) {
			continue
		}
		if dist := b.side(seat).distance(); dist < best {
			at, best = seat, dist
		}
	}
	return at, best
}

// richEnough is the cash past which the heuristic stops Extorting: its
// Influence buys more on the street (a Shakedown's few hundred dollars
// buy no Respect).
const richEnough = 5000

// extortForCash Extorts only while the seat is short of cash.
func (d *decider) extortForCash() *pb.Command {
	if d.spare() >= richEnough {
		return nil
	}
	return d.extort()
}

// budget is the effort worth staking for a Contract of tier t: the
// strategy's, doubled for the heuristic when t is the one tier its
// Commission still lacks ("Completing a Gig, Racket, and Score earns you
// a seat on The Commission, a strict requirement to win the game"): a
// seat with two tiers done gains nothing so much as the third.
func (d *decider) budget(t pb.Tier) int {
	n := budget(t)
	if d.goal && !d.b.my.GetCommission() {
		done := d.b.completedTiers()
		if len(done) == 2 && !done[t] {
			n *= 2
		}
	}
	return n
}

// mustTry reports, for the heuristic, that a Contract of tier t is worth
// staking however hard: the seat has the Respect to win and lacks only
// its Commission, of which t is the missing tier (a botched card goes to
// the discard pile and comes round again).
func (d *decider) mustTry(t pb.Tier) bool {
	if !d.goal || d.b.my.GetCommission() || d.b.side(d.b.me).need() > 0 {
		return false
	}
	done := d.b.completedTiers()
	return len(done) == 2 && !done[t]
}
