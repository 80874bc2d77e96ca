package printed

import (
	"fmt"

	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
)

// The printed names of the game's liquors, Contract decks and Moons.

var liquorNames = [5]string{moonshine: "Moonshine", gin: "Gin", whisky: "Whisky", rum: "Rum"}

// LiquorName returns a liquor's printed name ("Whisky").
func LiquorName(l pb.Liquor) string {
	if !ValidLiquor(l) {
		return fmt.Sprintf("liquor %d", l)
	}
	return liquorNames[l]
}

var tierNames = [4]string{gig: "Gig", racket: "Racket", score: "Score"}

// TierName returns a Contract deck's printed name ("Racket").
func TierName(t pb.Tier) string {
	if t < gig || t > score {
		return fmt.Sprintf("deck %d", t)
	}
	return tierNames[t]
}

// MoonName returns a Moon's printed name ("Full Moon").
func MoonName(m pb.Moon) string {
	switch m {
	case pb.Moon_MOON_NEW:
		return "New Moon"
	case pb.Moon_MOON_FULL:
		return "Full Moon"
	}
	return fmt.Sprintf("moon %d", m)
}
