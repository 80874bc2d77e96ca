package kingdom

import (
	"github.com/moonshine-games/moonshine/engine/kingdom/printed"
	"github.com/moonshine-games/moonshine/engine/search"
)

// The search's value of a position cut short: each seat's chance of the
// win, as a softmax of a weighted sum of what it holds on the way to "a
// Commission Card ... AND 20 or more Total Respect" (a conditional logit,
// search.SoftmaxValue). The weights (valueWeights, by table size) are
// fitted to the winners of games the heuristic plays against itself, the
// games a playout plays out: `go test ./engine/kingdom -run
// TestFitValueWeights -fit` regenerates them (valuefit_test.go).

// The features of a seat, each scaled to about [0, 1].
const (
	// fRespect is the Respect the seat would count were the Titles
	// redistributed now ("hold the most Districts or Joints of that type
	// (minimum 2)"), capped at the target: what it would have at the
	// Reckoning should the board stand.
	fRespect = iota
	// fTiers1, fTiers2 and fCommission mark the tiers of the Commission
	// done: one, two, or the card.
	fTiers1
	fTiers2
	fCommission
	// fStakedTiers counts the tiers the Commission lacks that a staked
	// Contract the board meets now would complete.
	fStakedTiers
	// fStakedRespect is the Respect of the staked Contracts the board
	// meets now, over the target.
	fStakedRespect
	// fStakedOpen counts the staked Contracts the board does not meet.
	fStakedOpen
	// fReady marks a seat that would win at the Reckoning should the board
	// stand: its Commission (held, or completed by a Contract met now) and
	// the target's Respect (with those Contracts').
	fReady
	// fDistricts, fMobsters, fSafehouses, fCash, fHand and fInfluence are
	// the seat's means: the Districts it Controls, its Mobsters and
	// Safehouses on the board, its cash (capped), its Contract hand and
	// the Influence it owns.
	fDistricts
	fMobsters
	fSafehouses
	fCash
	fHand
	fInfluence
	numFeatures
)

// featureNames name the features, in order, for the generated weights.
var featureNames = [numFeatures]string{
	"respect", "tiers1", "tiers2", "commission", "staked tiers", "staked respect", "staked open",
	"ready", "districts", "mobsters", "safehouses", "cash", "hand", "influence",
}

// features returns every seat's features in s.
func (s *state) features() [][]float64 {
	deeds, syns, ward := s.titleHolders()
	out := make([][]float64, s.Players)
	target := float64(s.respectToWin())
	for seat := range out {
		f := make([]float64, numFeatures)
		p := &s.Seats[seat]
		r := 0
		for _, bo := range printed.Boroughs() {
			if deeds[bo.ID] == seat {
				r += bo.Respect
			}
		}
		if ward == seat {
			r += printed.WardBossRespect
		}
		r += printed.SyndicateRespect * countHolder(syns[1:], seat)
		r -= printed.MarkPenalty * p.Loans
		if s.Rat == seat {
			r -= printed.RatPenalty
		}
		var done [4]bool
		for _, c := range p.Completed {
			card, _ := printed.Card(c)
			r += printed.Tiers[card.Tier].Respect
			done[card.Tier] = true
		}
		tiers := count(done)
		staked, open := 0, 0
		fills := done
		for _, k := range p.Staked {
			card, _ := printed.Card(k.Card)
			if s.met(card, seat) {
				staked += printed.Tiers[card.Tier].Respect
				fills[card.Tier] = true
			} else {
				open++
			}
		}
		f[fRespect] = min(float64(r), target) / target
		switch {
		case p.Commission:
			f[fCommission] = 1
		case tiers == 2:
			f[fTiers2] = 1
		case tiers == 1:
			f[fTiers1] = 1
		}
		f[fStakedTiers] = float64(count(fills) - tiers)
		f[fStakedRespect] = float64(staked) / target
		f[fStakedOpen] = float64(open)
		if (p.Commission || count(fills) == 3) && r+staked >= int(target) {
			f[fReady] = 1
		}
		runners, bosses, safehouses := s.onBoard(seat)
		f[fDistricts] = float64(len(s.controlled(seat))) / 10
		f[fMobsters] = float64(runners+bosses) / 10
		f[fSafehouses] = float64(safehouses) / 3
		f[fCash] = min(float64(p.Cash), 10000) / 5000
		f[fHand] = float64(len(p.Hand)) / 3
		f[fInfluence] = float64(p.Influence) / 10
		out[seat] = f
	}
	return out
}

// count counts the tiers marked (index 0 is no tier).
func count(done [4]bool) int {
	n := 0
	for _, d := range done[1:] {
		if d {
			n++
		}
	}
	return n
}

// chance is seat's chance of the win in s by the fitted value (the
// seat's softmax share among the table's seats).
func (s *state) chance(seat int) float64 {
	return search.SoftmaxValue(weightsFor(s.Players), s.features(), seat)
}

// weightsFor returns the fitted weights of a table of players (those of
// the nearest table fitted).
func weightsFor(players int) []float64 {
	i := min(max(players, 2), 4) - 2
	return valueWeights[i][:]
}
