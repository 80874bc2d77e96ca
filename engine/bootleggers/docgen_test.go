package bootleggers

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/moonshine-games/moonshine/engine/bootleggers/printed"
	pb "github.com/moonshine-games/moonshine/proto/moonshine/bootleggers/v1"
)

// The data tables of docs/rules/bootleggers.md are generated from the
// tables of printed/data.go and printed/data_boardwalk.go; this test fails
// when they drift. Refresh with
// `go test ./engine/bootleggers -run TestDocs -update`.

var update = flag.Bool("update", false, "rewrite the generated documentation")

const (
	docPath = "../../docs/rules/bootleggers.md"
	begin   = "<!-- BEGIN GENERATED (go test ./engine/bootleggers -run TestDocs -update) -->"
	end     = "<!-- END GENERATED -->"
)

func readDoc(t *testing.T) string {
	t.Helper()
	doc, err := os.ReadFile(docPath)
	if err != nil {
		t.Fatal(err)
	}
	return string(doc)
}

func TestDocs(t *testing.T) {
	text := readDoc(t)
	i, j := strings.Index(text, begin), strings.Index(text, end)
	if i < 0 || j < i {
		t.Fatalf("%s lacks the generated markers", docPath)
	}
	want := text[:i] + begin + "\n" + generatedDoc() + end + text[j+len(end):]
	if *update {
		if err := os.WriteFile(docPath, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if want != text {
		t.Errorf("%s is stale: run go test ./engine/bootleggers -run TestDocs -update", docPath)
	}
}

var rulingRE = regexp.MustCompile(`\*\*Ruling (\d+) \(([^)]*)\)\.\*\*`)

// rulings returns each ruling's label by number, checking that the doc
// numbers them 1, 2, 3, ... once each.
func rulings(t *testing.T) map[int]string {
	t.Helper()
	out := map[int]string{}
	for k, m := range rulingRE.FindAllStringSubmatch(readDoc(t), -1) {
		n, _ := strconv.Atoi(m[1])
		if n != k+1 {
			t.Fatalf("ruling %d follows ruling %d", n, k)
		}
		out[n] = m[2]
	}
	if len(out) == 0 {
		t.Fatal("no rulings found")
	}
	return out
}

func TestRulingsAreNumberedAndLabelled(t *testing.T) {
	// "Label every ruling ... as printed, interpretation or house ruling".
	for n, label := range rulings(t) {
		if !strings.HasPrefix(label, "printed") && label != "interpretation" && label != "house ruling" {
			t.Errorf("ruling %d is labelled %q", n, label)
		}
	}
}

// identity names the fields of the data rows that say what a row is, not
// a number of the game.
var identity = map[string]bool{"Place": true, "Size": true, "Kind": true, "Name": true, "Text": true}

func TestEveryHouseNumberNamesItsRuling(t *testing.T) {
	// "every gap filled with a house ruling ... and its numbers kept in one
	// data table in code": every number of House carries the ruling that
	// sets it, and that ruling is a house ruling of the doc.
	labels := rulings(t)
	var walk func(path string, ty reflect.Type)
	walk = func(path string, ty reflect.Type) {
		for i := range ty.NumField() {
			f := ty.Field(i)
			name := path + f.Name
			switch {
			case f.Type.Kind() == reflect.Slice && f.Type.Elem().Kind() == reflect.Struct:
				walk(name+"[].", f.Type.Elem())
				continue
			case identity[f.Name]:
				if f.Tag.Get("ruling") != "" {
					t.Errorf("%s names a row but carries a ruling", name)
				}
				continue
			}
			n, err := strconv.Atoi(f.Tag.Get("ruling"))
			if err != nil {
				t.Errorf("%s has no ruling tag", name)
				continue
			}
			if labels[n] != "house ruling" {
				t.Errorf("%s cites ruling %d, labelled %q", name, n, labels[n])
			}
		}
	}
	walk("House.", reflect.TypeOf(printed.House))
}

func generatedDoc() string {
	var w strings.Builder
	w.WriteString("\n## Data tables\n\nGenerated from `engine/bootleggers/printed` (`House`, version ")
	fmt.Fprintf(&w, "%d). Numbers marked with a ruling are house rulings.\n\n", printed.HouseRulesVersion)
	placesTable(&w)
	tablesByPlayers(&w)
	trucksTable(&w)
	muscleTable(&w)
	deckTable(&w)
	scalarsTable(&w)
	variantsTable(&w)
	casinosTable(&w)
	casinoDeckTable(&w)
	return w.String()
}

func variantsTable(w *strings.Builder) {
	w.WriteString("### Variants (the module's tables)\n\n| Name | Title | Players | What it sets |\n|---|---|---|---|\n")
	for _, v := range Variants() {
		players := fmt.Sprintf("%d-%d", v.MinPlayers, v.MaxPlayers)
		if v.MinPlayers == v.MaxPlayers {
			players = fmt.Sprint(v.MinPlayers)
		}
		fmt.Fprintf(w, "| `%s` | %s | %s | %s |\n", v.Name, v.Title, players, v.Description)
	}
	w.WriteString("\n")
}

func placesTable(w *strings.Builder) {
	w.WriteString("### Drinking places (rulings 5, 9, 10)\n\n")
	w.WriteString("| Place | Kind | Players | Circles | Minimum | Dice | Price | Owner's bonus | 2-player neutral |\n")
	w.WriteString("|---|---|---|---|---|---|---|---|---|\n")
	for _, p := range printed.Places {
		n, ok := printed.Speakeasy(p.Place)
		if !ok {
			fmt.Fprintf(w, "| %s | O'Malley's | all | — | always open | — (buys all) | %dG | — | — |\n", p.Name, printed.House.OMalleysPrice)
			continue
		}
		players := "all"
		if !printed.InPlay(p.Place, printed.MinPlayers, &pb.Options{Variant: pb.Variant_VARIANT_WHERE_ARE_DA_BOYS}) {
			players = fmt.Sprintf("%d-%d", n.MinPlayers, printed.MaxPlayers)
			if n.MinPlayers == printed.MaxPlayers {
				players = fmt.Sprintf("%d only", printed.MaxPlayers)
			}
		}
		neutral := "—"
		if p.TwoPlayer {
			neutral = strconv.Itoa(p.Neutral)
		}
		fmt.Fprintf(w, "| %s | speakeasy | %s | %d | %d | %d | %dG | %dG | %s |\n",
			p.Name, players, n.Circles, n.Minimum, n.Dice, n.Price, n.OwnerBonus, neutral)
	}
	fmt.Fprintf(w, "\nImprovements: at most %d per speakeasy, +1 to each die (ruling 8).\n\n", printed.House.ImprovementsPerSpeakeasy)
}

func tablesByPlayers(w *strings.Builder) {
	w.WriteString("### Tables by player count\n\n")
	w.WriteString("| Players | Variant | Men of Action on offer | Places in play | Money end | Copper |\n")
	w.WriteString("|---|---|---|---|---|---|\n")
	for players := printed.MinPlayers; players <= printed.MaxPlayers; players++ {
		o, _ := NormaliseOptions(players, nil)
		offer := strconv.Itoa(printed.OfferSize(players, o))
		if players == printed.NeedALittleHelpPlayers {
			help := &pb.Options{Variant: o.Variant, NeedALittleHelp: true}
			offer += fmt.Sprintf(" (%d with Need a Little Help)", printed.OfferSize(players, help))
		}
		var names []string
		for _, p := range printed.PlacesInPlay(players, o) {
			names = append(names, printed.Place(p).Name)
		}
		copper := "from round 4"
		if !printed.CopperInPlay(o) {
			copper = "not used"
		}
		variant := "standard"
		if printed.TwoPlayer(o) {
			variant = "Where are da boys?"
		}
		fmt.Fprintf(w, "| %d | %s | %s, and the Truck card | %s | %dG | %s |\n",
			players, variant, offer, strings.Join(names, ", "), printed.EndMoney(o), copper)
	}
	w.WriteString("\n")
}

func trucksTable(w *strings.Builder) {
	w.WriteString("### Trucks (rulings 16, 24)\n\n")
	w.WriteString("| Size | Truck cards | Truck ids | Crates | Bribe | Graft a round |\n|---|---|---|---|---|---|\n")
	next := printed.Colours
	for _, tr := range printed.House.Trucks {
		ids := fmt.Sprintf("%d-%d", next, next+tr.Cards-1)
		if tr.Size == small {
			ids = fmt.Sprintf("0-%d (starting, no card), %s", printed.Colours-1, ids)
		}
		fmt.Fprintf(w, "| %s | %d | %s | %d | %dG | %dG |\n", strings.ToLower(strings.TrimPrefix(tr.Size.String(), "TRUCK_SIZE_")), tr.Cards, ids, tr.Capacity, tr.Bribe, tr.Graft)
		next += tr.Cards
	}
	w.WriteString("\n")
}

func muscleTable(w *strings.Builder) {
	w.WriteString("### Muscle cards (ruling 21)\n\n| Cards | Band | Cost |\n|---|---|---|\n")
	for _, c := range printed.House.MuscleCosts {
		fmt.Fprintf(w, "| %d-%d | %d | %dG |\n", c.First, c.Last, printed.MuscleBand(c.First)+1, c.Cost)
	}
	w.WriteString("\n")
}

func deckTable(w *strings.Builder) {
	w.WriteString("### Men of Action (rulings 48-58)\n\n")
	w.WriteString("| Ids | Card | Count | Cost | Timing | Played | Effect |\n|---|---|---|---|---|---|---|\n")
	next := 0
	for _, c := range printed.House.MenOfAction {
		timing, played := "use now", "when taken (Phase 1)"
		if c.Timing == keep {
			timing, played = "keep for later", phaseName(c.Phase)+", own turn"
		}
		fmt.Fprintf(w, "| %d-%d | %s | %d | %dG | %s | %s | %s |\n",
			next, next+c.Count-1, c.Name, c.Count, c.Cost, timing, played, c.Text)
		next += c.Count
	}
	fmt.Fprintf(w, "\n%d cards.\n\n", next)
}

func scalarsTable(w *strings.Builder) {
	w.WriteString("### Other house numbers\n\n| Number | Value | Ruling |\n|---|---|---|\n")
	v, ty := reflect.ValueOf(printed.House), reflect.TypeOf(printed.House)
	for i := range ty.NumField() {
		f := ty.Field(i)
		if f.Type.Kind() != reflect.Int {
			continue
		}
		fmt.Fprintf(w, "| `%s` | %d | %s |\n", f.Name, v.Field(i).Int(), f.Tag.Get("ruling"))
	}
	w.WriteString("\n")
}

func phaseName(p pb.Phase) string {
	return map[pb.Phase]string{muscle: "Phase 1", sendIn: "Phase 2", runIt: "Phase 4", password: "Phase 5"}[p]
}

func casinosTable(w *strings.Builder) {
	w.WriteString("### Boardwalk casinos (rulings 72, 73, 77)\n\n")
	w.WriteString("| Casino | Over | Players | Base price | Dice | Per crate, 3 / 4 / 5 / 6 players |\n|---|---|---|---|---|---|\n")
	for _, c := range printed.Boardwalk.Casinos {
		var pay []string
		for n := printed.StandardMinPlayers; n <= printed.MaxPlayers; n++ {
			pay = append(pay, "—")
			if printed.CasinoAvailable(c.Place, n) {
				pay[len(pay)-1] = fmt.Sprintf("%dG", printed.CasinoPerCrate(c.Place, n))
			}
		}
		players := fmt.Sprintf("%d-%d", c.MinPlayers, printed.MaxPlayers)
		if c.MinPlayers == printed.MaxPlayers {
			players = fmt.Sprintf("%d only", printed.MaxPlayers)
		}
		fmt.Fprintf(w, "| %s | %s | %s | %dG | %d | %s |\n", c.Name, printed.Place(c.Place).Name, players, c.BasePrice,
			printed.CasinoDice(c.Place), strings.Join(pay, " / "))
	}
	fmt.Fprintf(w, "\nRedevelopment: the base price plus %dG per marker of another Mobster (%dG with Throw the Bums Out). "+
		"Graft: %dG per die and %dG per Entertainment Act. Gambling profit: %dG per point of the roll above the crates sold.\n\n",
		printed.CasinoMarkerPrice, printed.ThrowTheBumsOutPrice, printed.CasinoGraftPerDie, printed.BookingFee, printed.GamblingProfit)
}

func casinoDeckTable(w *strings.Builder) {
	w.WriteString("### The Casino deck (printed; windows: rulings 78, 87, 92)\n\n")
	w.WriteString("| Card | Count | Kept | Played | Option | Printed text |\n|---|---|---|---|---|---|\n")
	total := 0
	for _, c := range printed.Boardwalk.CasinoCards {
		kept, option := "no", "—"
		if c.Keep {
			kept = "yes"
		}
		if c.Option != "" {
			option = "`" + c.Option + "`"
		} else {
			total += c.Count
		}
		played := "when taken (" + phaseName(c.Phase) + ")"
		switch {
		case c.Keep && c.Phase == password:
			played = phaseName(c.Phase) + ", its window (ruling 92)"
		case c.Keep:
			played = phaseName(c.Phase) + ", any turn (ruling 87)"
		}
		fmt.Fprintf(w, "| %s | %d | %s | %s | %s | \"%s\" |\n", c.Name, c.Count, kept, played, option, c.Text)
	}
	fmt.Fprintf(w, "\n%d cards without the optional ones.\n\n", total)
}

var citeRE = regexp.MustCompile(`[Rr]ulings? (\d+(?:-\d+)?(?:(?:, | and )\d+(?:-\d+)?)*)`)

// TestEveryRulingIsTested: "every house ruling by name/number" has a test:
// each ruling of the doc is cited ("ruling N", "rulings N-M") by a test of
// this package, of its printed data or of its strategy.
func TestEveryRulingIsTested(t *testing.T) {
	cited := map[int]bool{}
	for _, glob := range []string{"*_test.go", "printed/*_test.go", "strategy/*_test.go"} {
		files, _ := filepath.Glob(glob)
		for _, f := range files {
			if f == "docgen_test.go" {
				continue // its table headers cite rulings; they test nothing
			}
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range citeRE.FindAllStringSubmatch(string(src), -1) {
				for _, part := range regexp.MustCompile(`, | and `).Split(m[1], -1) {
					lo, hi, _ := strings.Cut(part, "-")
					a, _ := strconv.Atoi(lo)
					b := a
					if hi != "" {
						b, _ = strconv.Atoi(hi)
					}
					for n := a; n <= b; n++ {
						cited[n] = true
					}
				}
			}
		}
	}
	var missing []int
	for n := range rulings(t) {
		if !cited[n] {
			missing = append(missing, n)
		}
	}
	slices.Sort(missing)
	if len(missing) > 0 {
		t.Errorf("rulings no test cites: %v", missing)
	}
}
