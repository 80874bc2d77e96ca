package kingdom

import (
	"flag"
	"fmt"
	"github.com/moonshine-games/moonshine/engine/kingdom/printed"
	"os"
	"regexp"
	"strings"
	"testing"

	pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"
)

// The map table, the map picture and the Contract list in
// docs/rules/moonshine-kingdom.md are generated from the tables in this
// package; this test fails when they drift. Refresh with
// `go test ./engine/kingdom -run TestDocs -update`.

var update = flag.Bool("update", false, "rewrite the generated documentation")

const (
	docPath = "../../docs/rules/moonshine-kingdom.md"
	svgPath = "../../docs/rules/moonshine-kingdom-map.svg"
	begin   = "<!-- BEGIN GENERATED (go test ./engine/kingdom -run TestDocs -update) -->"
	end     = "<!-- END GENERATED -->"
)

func TestDocs(t *testing.T) {
	doc, err := os.ReadFile(docPath)
	if err != nil {
		t.Fatal(err)
	}
	text := string(doc)
	i, j := strings.Index(text, begin), strings.Index(text, end)
	if i < 0 || j < i {
		t.Fatalf("%s lacks the generated markers", docPath)
	}
	want := text[:i] + begin + "\n" + generatedDoc() + end + text[j+len(end):]
	svg := mapSVG()
	if *update {
		must(t, os.WriteFile(docPath, []byte(want), 0o644))
		must(t, os.WriteFile(svgPath, []byte(svg), 0o644))
		return
	}
	if want != text {
		t.Errorf("%s is stale: run go test ./engine/kingdom -run TestDocs -update", docPath)
	}
	if got, _ := os.ReadFile(svgPath); string(got) != svg {
		t.Errorf("%s is stale: run go test ./engine/kingdom -run TestDocs -update", svgPath)
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func kindName(k pb.DistrictKind) string {
	return map[pb.DistrictKind]string{plain: "—", speakeasy: "Speakeasy", highSociety: "High Society (Speakeasy)", ghetto: "Ghetto", dock: "Dock"}[k]
}

func liquorName(l pb.Liquor) string {
	return map[pb.Liquor]string{0: "—", moonshine: "Moonshine", gin: "Gin", whisky: "Whisky", rum: "Rum"}[l]
}

func brokerName(b pb.Broker) string {
	return map[pb.Broker]string{0: "—", pb.Broker_BROKER_JIMMY_WALKER: "Mayor Jimmy Walker",
		pb.Broker_BROKER_ARNOLD_ROTHSTEIN: "Arnold Rothstein", pb.Broker_BROKER_STEPHANIE_ST_CLAIR: "Stephanie St. Clair",
		pb.Broker_BROKER_TEXAS_GUINAN: "Texas Guinan"}[b]
}

func generatedDoc() string {
	var w strings.Builder
	w.WriteString("\n### The City Map\n\n![The City Map](moonshine-kingdom-map.svg)\n\n")
	w.WriteString("| # | District | Borough | Kind | House Pour | Power Broker | Coastal | Ledger | Land | Bridge |\n")
	w.WriteString("|---|---|---|---|---|---|---|---|---|---|\n")
	for _, d := range printed.Districts() {
		var land, bridge []string
		for _, n := range printed.Neighbours(d.ID) {
			switch printed.Connection(d.ID, n) {
			case printed.Land:
				land = append(land, printed.Info(n).Name)
			case printed.Bridge:
				bridge = append(bridge, printed.Info(n).Name)
			}
		}
		coastal := ""
		if d.Coastal {
			coastal = "yes"
		}
		fmt.Fprintf(&w, "| %d | %s | %s | %s | %s | %s | %s | %d | %s | %s |\n", d.ID, d.Name, printed.BoroughOf(d.Borough).Name,
			kindName(d.Kind), liquorName(d.HousePour), brokerName(d.Broker), coastal, d.Ledger,
			strings.Join(land, ", "), strings.Join(bridge, ", "))
	}
	w.WriteString("\nEvery Dock is also Connected to every other Dock over water.\n\n")
	w.WriteString("### Borough Deeds\n\n| Borough | Respect | Ghetto | Dock | Speakeasy | Town Planning Ledger |\n|---|---|---|---|---|---|\n")
	for _, b := range printed.Boroughs() {
		var ledger []string
		for _, d := range printed.LedgerOrder(b.ID) {
			ledger = append(ledger, printed.Info(d).Name)
		}
		name := func(d pb.District) string {
			if d == 0 {
				return "—"
			}
			return printed.Info(d).Name
		}
		fmt.Fprintf(&w, "| %s | %d | %s | %s | %s | %s |\n", b.Name, b.Respect, name(b.Ghetto), name(b.Dock), name(b.Speakeasy), strings.Join(ledger, " → "))
	}
	w.WriteString("\n### Still tokens\n\n| Number |")
	for n := 2; n <= 12; n++ {
		fmt.Fprintf(&w, " %d |", n)
	}
	w.WriteString("\n|---|" + strings.Repeat("---|", 11) + "\n| Tokens |")
	for _, c := range printed.StillTokens {
		fmt.Fprintf(&w, " %d |", c)
	}
	w.WriteString("\n\n### Contracts\n\n| Id | Deck | Name | Objective (checked at the Reckoning of the Deadline) |\n|---|---|---|---|\n")
	for _, c := range printed.Contracts {
		fmt.Fprintf(&w, "| %d | %s | %s | %s |\n", c.ID, tierName(c.Tier), c.Name, c.Objective)
	}
	combatTables(&w)
	return w.String()
}

// combatTables writes the combat dice and the Threat levels from the
// engine's own functions.
func combatTables(w *strings.Builder) {
	w.WriteString("\n### Combat\n\n| Mobsters |")
	for n := 1; n <= 10; n++ {
		fmt.Fprintf(w, " %d |", n)
	}
	w.WriteString("\n|---|" + strings.Repeat("---|", 10) + "\n| Dice |")
	for n := 1; n <= 10; n++ {
		fmt.Fprintf(w, " %d |", printed.CombatDice(n))
	}
	w.WriteString("\n\n| Threat level | Kills on |\n|---|---|\n")
	for level := 1; level <= printed.MaxThreat; level++ {
		fmt.Fprintf(w, "| %d | %d-6 |\n", level, printed.KillOn(level))
	}
	w.WriteString("\n| Side | Base | Boss | Safehouse | Ambush | Cap |\n|---|---|---|---|---|---|\n")
	fmt.Fprintf(w, "| Occupier, Ambush | 1 | +1 | — | +1 | %d |\n", printed.MaxThreat)
	fmt.Fprintf(w, "| Occupier, Assault | 1 | +1 | +2 | — | %d |\n", printed.MaxThreat)
	fmt.Fprintf(w, "| Invader (Assault, Storm) | 1 | +1 | — | — | %d |\n", printed.MaxThreat)
	fmt.Fprintf(w, "\nA Storm needs %d hits; each failed die kills one of the Invaders.\n", printed.StormHits)
}

func tierName(t pb.Tier) string {
	return map[pb.Tier]string{gig: "Gig", racket: "Racket", score: "Score"}[t]
}

var boroughColour = map[pb.Borough]string{manhattan: "#e8d9b5", brooklyn: "#c9dcc0", queens: "#d6cbe3", bronx: "#e6c3b8", statenIsland: "#c8d8e4"}

var kindMark = map[pb.DistrictKind]string{plain: "", speakeasy: "Joint", highSociety: "High Society", ghetto: "Ghetto", dock: "Dock"}

// mapSVG draws the City Map: Districts coloured by Borough, land borders
// solid, Bridges dashed, water lanes between Docks dotted.
func mapSVG() string {
	const scale = 9
	var w strings.Builder
	w.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" width="960" height="940" viewBox="-40 -30 960 940" font-family="sans-serif" font-size="12">` + "\n")
	w.WriteString(`<rect x="-40" y="-30" width="960" height="940" fill="#f4f1ea"/>` + "\n")
	pos := func(d pb.District) (int, int) { i := printed.Info(d); return i.X * scale, i.Y * scale }
	for _, a := range printed.AllDistricts() {
		for _, b := range printed.Neighbours(a) {
			if b < a {
				continue
			}
			x1, y1 := pos(a)
			x2, y2 := pos(b)
			style := map[printed.Link]string{printed.Land: `stroke="#555" stroke-width="3"`, printed.Bridge: `stroke="#8a5a2b" stroke-width="3" stroke-dasharray="10,6"`, printed.Water: `stroke="#4a7fb5" stroke-width="1.5" stroke-dasharray="2,5"`}[printed.Connection(a, b)]
			fmt.Fprintf(&w, `<line x1="%d" y1="%d" x2="%d" y2="%d" %s/>`+"\n", x1, y1, x2, y2, style)
		}
	}
	for _, d := range printed.Districts() {
		x, y := pos(d.ID)
		stroke := "#333"
		if d.Coastal {
			stroke = "#4a7fb5"
		}
		fmt.Fprintf(&w, `<circle cx="%d" cy="%d" r="30" fill="%s" stroke="%s" stroke-width="3"/>`+"\n", x, y, boroughColour[d.Borough], stroke)
		fmt.Fprintf(&w, `<text x="%d" y="%d" text-anchor="middle" font-weight="bold">%s</text>`+"\n", x, y-2, strings.ReplaceAll(d.Name, "'", "&#39;"))
		label := kindMark[d.Kind]
		if d.HousePour != 0 {
			label += " · " + liquorName(d.HousePour)
		}
		fmt.Fprintf(&w, `<text x="%d" y="%d" text-anchor="middle" font-size="10">%s</text>`+"\n", x, y+13, label)
	}
	w.WriteString(`<g transform="translate(600,680)" font-size="12">` + "\n")
	w.WriteString(`<line x1="0" y1="0" x2="40" y2="0" stroke="#555" stroke-width="3"/><text x="48" y="4">land border</text>` + "\n")
	w.WriteString(`<line x1="0" y1="20" x2="40" y2="20" stroke="#8a5a2b" stroke-width="3" stroke-dasharray="10,6"/><text x="48" y="24">Bridge</text>` + "\n")
	w.WriteString(`<line x1="0" y1="40" x2="40" y2="40" stroke="#4a7fb5" stroke-width="1.5" stroke-dasharray="2,5"/><text x="48" y="44">water (Dock to Dock)</text>` + "\n")
	w.WriteString(`<text x="0" y="64">blue rim: Coastal · Joint: Speakeasy</text>` + "\n")
	for i, b := range printed.Boroughs() {
		fmt.Fprintf(&w, `<rect x="0" y="%d" width="14" height="14" fill="%s" stroke="#333"/><text x="20" y="%d">%s</text>`+"\n", 78+i*20, boroughColour[b.ID], 90+i*20, b.Name)
	}
	w.WriteString("</g>\n</svg>\n")
	return w.String()
}

// TestRulingsLabelled checks that every numbered ruling of the rules doc
// begins with its label (printed, interpretation or house ruling), that an
// interpretation gives its other reading, and that the "House rulings at a
// glance" list names exactly the rulings holding one.
func TestRulingsLabelled(t *testing.T) {
	doc, err := os.ReadFile(docPath)
	if err != nil {
		t.Fatal(err)
	}
	text := string(doc)
	start := regexp.MustCompile(`^(\d+)\. (.*)$`)
	type ruling struct{ num, label, text string }
	var rulings []*ruling
	var cur *ruling
	for _, line := range strings.Split(text, "\n") {
		if m := start.FindStringSubmatch(line); m != nil {
			cur = &ruling{num: m[1], label: m[2], text: m[2]}
			rulings = append(rulings, cur)
			continue
		}
		if cur == nil || !strings.HasPrefix(line, "  ") {
			cur = nil // a blank line, a heading or prose ends the ruling
			continue
		}
		cur.text += " " + strings.TrimSpace(line)
	}
	if len(rulings) < 90 {
		t.Fatalf("found %d rulings", len(rulings))
	}
	var house []string
	for _, r := range rulings {
		switch {
		case strings.HasPrefix(r.label, "*Printed.*"), strings.HasPrefix(r.label, "**House ruling**"):
		case strings.HasPrefix(r.label, "*Interpretation.*"):
			if !strings.Contains(r.text, "Other reading") && !strings.Contains(r.text, "(a)") {
				t.Errorf("ruling %s is an interpretation without its other reading", r.num)
			}
		default:
			t.Errorf("ruling %s has no label: %.60q", r.num, r.label)
		}
		if strings.Contains(r.text, "**House ruling**") {
			house = append(house, r.num)
		}
	}
	glance := regexp.MustCompile(`(?s)House rulings at a glance \(every ruling holding one\): (.*?); and the`).FindStringSubmatch(text)
	if glance == nil {
		t.Fatal("no \"House rulings at a glance\" list")
	}
	listed := regexp.MustCompile(`\b\d+\b`).FindAllString(glance[1], -1)
	if strings.Join(listed, ",") != strings.Join(house, ",") {
		t.Errorf("house rulings at a glance %v, the rulings holding one %v", listed, house)
	}
}
