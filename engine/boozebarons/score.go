package boozebarons

import (
	"fmt"
	"slices"
	"strings"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/engine/boozebarons/printed"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/boozebarons/v1"
)

// coins counts one seat's Coins as End of Game does, before any doubling:
// "+1 Coin for each Delivery card acquired; +1 Coin for each Snitch token
// acquired; +2 Coins for each Movement card (both your cards and any cards
// acquired from opposing Bootleggers); -2 Coins for each Movement card
// acquired from another player in your Mob". The same count serves the
// exhausted deck's "fewest Coins" during play.
func (s *State) coins(i int) *pb.PlayerScore {
	p := &s.seats[i]
	mob := printed.MobOf(p.booze)
	own := 0
	for _, l := range printed.Locations {
		if p.hand[l] || p.played == l {
			own++
		}
	}
	opposing, fromOwn := 0, 0
	for _, c := range p.collected {
		if printed.MobOf(s.seats[c.from].booze) == mob {
			fromOwn++
		} else {
			opposing++
		}
	}
	ps := &pb.PlayerScore{
		Seat: int32(i), BoozeType: p.booze, Mob: mob,
		Deliveries: int32(s.holdings(i)), SnitchTokens: int32(p.snitches),
		MovementCards: int32(own + opposing), FromOwnMob: int32(fromOwn), Counted: true,
	}
	ps.Coins = printed.DeliveryCoins*ps.Deliveries + printed.SnitchCoins*ps.SnitchTokens + printed.MovementCoins*(ps.MovementCards-ps.FromOwnMob)
	return ps
}

// finalScores scores every Mob in play and names the winners.
func finalScores(s *State) *pb.GameEnded {
	g := &pb.GameEnded{}
	for i := range s.seats {
		g.Players = append(g.Players, s.coins(i))
	}
	for _, m := range s.mobs {
		g.Mobs = append(g.Mobs, s.mobScore(m, g.Players))
	}
	g.Winners = winners(g.Mobs)
	return g
}

// mobScore: "In four and five player games, the Coins of any player who does
// not have a teammate are doubled at the end of the game. In seven and eight
// player games, Mobs of three players only count the Coins of two players
// when determining their score: their highest-scoring player and their
// lowest-scoring player."
func (s *State) mobScore(m pb.Mob, players []*pb.PlayerScore) *pb.MobScore {
	ms := &pb.MobScore{Mob: m}
	var members []*pb.PlayerScore
	for _, ps := range players {
		if ps.Mob == m {
			members = append(members, ps)
			ms.Seats = append(ms.Seats, ps.Seat)
		}
	}
	if len(members) == 1 && printed.LoneDoubled(s.players) {
		members[0].Doubled = true
	}
	if len(members) == 3 && printed.ThreeCountTwo(s.players) {
		byCoins := slices.Clone(members)
		slices.SortStableFunc(byCoins, func(a, b *pb.PlayerScore) int { return int(a.Coins - b.Coins) })
		byCoins[1].Counted = false
	}
	for _, ps := range members {
		if ps.Counted {
			ms.Score += ps.Coins
			if ps.Doubled {
				ms.Score += ps.Coins
			}
		}
	}
	ms.Exposes, ms.LastUnexposedRank = s.mobTieBreaks(m)
	return ms
}

// mobTieBreaks: "If there is a tie, the Mob that Exposed the most opposing
// Bootleggers wins. If a tie persists, the last Mob who had an Unexposed
// Bootlegger wins." The rank is the exposure moment of the Mob's last
// Bootlegger to be Exposed (higher is later); a Mob still Unexposed at the
// end ranks above every moment.
func (s *State) mobTieBreaks(m pb.Mob) (exposes, rank int32) {
	for _, p := range s.seats {
		if printed.MobOf(p.booze) != m {
			continue
		}
		for _, c := range p.collected {
			if printed.MobOf(s.seats[c.from].booze) != m {
				exposes++
			}
		}
		at := int32(p.exposedAt)
		if !p.exposed {
			at = int32(s.exposures + 1)
		}
		rank = max(rank, at)
	}
	return exposes, rank
}

// winners applies the score and both tie-breakers.
func winners(mobs []*pb.MobScore) []pb.Mob {
	best := slices.Clone(mobs)
	slices.SortStableFunc(best, compareMobs)
	var out []pb.Mob
	for _, m := range best {
		if compareMobs(m, best[0]) == 0 {
			out = append(out, m.Mob)
		}
	}
	slices.Sort(out)
	return out
}

// compareMobs orders Mobs best first.
func compareMobs(a, b *pb.MobScore) int {
	switch {
	case a.Score != b.Score:
		return int(b.Score - a.Score)
	case a.Exposes != b.Exposes:
		return int(b.Exposes - a.Exposes)
	default:
		return int(b.LastUnexposedRank - a.LastUnexposedRank)
	}
}

// outcomeOf turns the final event into the engine's Outcome: each seat's
// score is its Mob's score; the winners are the seats of the winning Mob(s).
func outcomeOf(g *pb.GameEnded, players int) *engine.Outcome {
	o := &engine.Outcome{Scores: make([]int, players)}
	var names []string
	for _, m := range g.Mobs {
		for _, seat := range m.Seats {
			o.Scores[seat] = int(m.Score)
			if slices.Contains(g.Winners, m.Mob) {
				o.Winners = append(o.Winners, engine.Seat(seat))
			}
		}
		if slices.Contains(g.Winners, m.Mob) {
			names = append(names, fmt.Sprintf("%s (%d coins)", mobName(m.Mob), m.Score))
		}
	}
	slices.Sort(o.Winners)
	o.Summary = strings.Join(names, " and ") + " win"
	if len(names) == 1 {
		o.Summary += "s"
	}
	return o
}

// mobName returns "the Beer Mob" and so on.
func mobName(m pb.Mob) string { return "the " + printed.MobName(m) + " Mob" }
