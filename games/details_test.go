package games_test

import (
	"fmt"
	"regexp"
	"testing"

	"github.com/moonshine-games/moonshine/engine"
	"github.com/moonshine-games/moonshine/games"
)

// notForEveryone finds what makes a prompt's detail read wrong as another
// seat's wait: "you" or "your" (the detail is shown to every seat, "seat 1
// may …"), or a subject of its own ("seat 0 takes …": the client adds it).
var notForEveryone = regexp.MustCompile(`(?i)\byou(r|rs)?\b|^seat \d`)

// goSlice finds a list written as Go writes a slice ("[3 4 9]", "[]"),
// which a label never shows people.
var goSlice = regexp.MustCompile(`\[(-?\d+( -?\d+)*)?\]`)

// TestPromptDetailsReadForAnySeat plays every hosted game's variants with
// uniformly random legal commands and checks each prompt's detail after
// every command: it says what the seat is to do, as engine.Prompt.Detail
// asks, so that a client writes it as "your move: run the whiskey" for the
// seat and "waiting for seat 1 to run the whiskey" for the others. The
// labels of the legal commands and of every event body, for a seat and
// for a spectator, write no list as Go writes a slice.
func TestPromptDetailsReadForAnySeat(t *testing.T) {
	steps := 400
	if testing.Short() {
		steps = 60
	}
	for _, m := range games.Default().Modules() {
		for _, v := range m.Variants {
			name := fmt.Sprintf("%s/%s", m.Name(), v.Name)
			table, err := m.Table(v.Name, v.MaxPlayers)
			if err != nil {
				t.Fatal(err)
			}
			g, _, err := engine.Start(m.Rules, table, []byte(name))
			if err != nil {
				t.Fatal(err)
			}
			r := engine.NewRand([32]byte{1})
			for step := 0; step < steps && g.State.Outcome() == nil; step++ {
				var live []engine.Prompt
				for _, p := range g.State.Prompts() {
					if p.Detail == "" || notForEveryone.MatchString(p.Detail) {
						t.Errorf("%s, event %d: seat %d's detail %q does not read as every seat's", name, g.Version, p.Seat, p.Detail)
					}
					if len(p.Legal) > 0 {
						live = append(live, p)
					}
				}
				if len(live) == 0 {
					break
				}
				p := live[r.IntN(len(live))]
				for _, c := range p.Legal {
					label(t, name, m.Labels.Command(engine.SeatViewer(p.Seat), c))
				}
				evs, next, err := g.Decide(p.Seat, p.Legal[r.IntN(len(p.Legal))])
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				for _, ev := range evs {
					label(t, name, m.Labels.Event(engine.SpectatorViewer(), ev.Public))
					for _, sec := range ev.Private {
						v := engine.AuditorViewer() // a secret no seat is shown, as a shuffled deck's order
						if len(sec.Seats) > 0 {
							v = engine.SeatViewer(sec.Seats[0])
						}
						label(t, name, m.Labels.Event(v, sec.Body))
					}
				}
				g = next
			}
		}
	}
}

// label fails the test for a label that writes a Go slice.
func label(t *testing.T, game, l string) {
	t.Helper()
	if goSlice.MatchString(l) {
		t.Errorf("%s: a label writes a Go slice: %q", game, l)
	}
}
