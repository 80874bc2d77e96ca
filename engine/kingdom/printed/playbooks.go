package printed

import pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"

// PlaybookInfo is one Mob Playbook as printed: the family, its pieces, the
// loose change printed on it and its two Mob Signature Plays.
type PlaybookInfo struct {
	ID   pb.Playbook
	Name string
	// Bosses is the mob's Boss pieces: "1 Boss (2 for Sicilians)".
	Bosses int
	// LooseChange is the loose change printed on the Playbook, counted
	// with cash only to break a tie in the Final Standoff.
	LooseChange int
	// Plays are the mob's two signature Plays.
	Plays [2]SignaturePlay
}

// SignaturePlay is one Mob Signature Play as printed.
type SignaturePlay struct {
	Name string
	// Cost is its Influence cost (Firepower costs none: it pays $200).
	Cost int
	// Text is the Play as the rulebook prints it.
	Text string
}

var playbooks = [4]PlaybookInfo{
	{pb.Playbook_PLAYBOOK_SICILIAN_SYNDICATE, "Sicilian Syndicate", 2, 75, [2]SignaturePlay{
		{"Capo", 2, "Promote a Runner from any District to Capo (switch Runner for the spare Boss piece). Your Capo is a second Boss, providing stability and gaining +1 Threat in Combat (+2 when both Bosses attack one District). You may only have 1 Capo (2 Bosses total)."},
		{"Consigliere", 1, "Use your connections to smooth over legal troubles. Remove 1 Influence marker of your choice from the Heat Track and return it to its owner's Stash (move other markers down to fill gaps if required)."},
	}},
	{pb.Playbook_PLAYBOOK_HELLS_KITCHEN_IRISH, "Hell's Kitchen Irish", 1, 50, [2]SignaturePlay{
		{"Courage", 0, "Before you roll dice for an Ambush or for an Assault that you initiated, you may discard 1 of your Liquor barrels located in that District to gain +1 Threat for that roll. You cannot use Courage to boost your defense when a rival initiates an Assault against you."},
		{"Plunder", 1, "Initiate a special attack. For each successful hit, instead of eliminating a mobster, steal 1 Liquor barrel of your choice from the target District. You can carry these away if you Advance. Defender hits still kill. You may also choose to Plunder when you Ambush (Cost: 0). Plunder does not create Heat."},
	}},
	{pb.Playbook_PLAYBOOK_EAST_SIDE_VIPERS, "East Side Vipers", 1, 25, [2]SignaturePlay{
		{"Stealth", 1, "Move up to 5 mobsters (no liquor) into a connected rival district without triggering a Standoff (the Defender cannot Ambush or Fold). You cannot end your Play in this state. You must immediately spend another Influence to either: Assault the district, or Advance to a connected safe district."},
		{"Firepower", 0, "Pay a flat $200 when you Assault or Ambush to roll exactly one additional attack die (up to a maximum of 5). You cannot pay extra to buy multiple dice. Cannot be used when defending an Assault."},
	}},
	{pb.Playbook_PLAYBOOK_HARLEM_KNIGHTS, "Harlem Knights", 1, 10, [2]SignaturePlay{
		{"Skiff", 1, "Move up to 5 mobsters (with or without liquor) from a Coastal District you control to any other Coastal District. This movement does not require Docks. If you enter a Rival District, standard Ambush rules apply."},
		{"Torch", 2, "Burn down a Safehouse in a rival District. To perform this Play, you must have at least one Runner Pinned in the target District. Sacrifice one of those Pinned Runners; he strikes the match and goes up with the flames. He is removed from the game. The rival's Safehouse is immediately destroyed (return it to their supply). Any rival mobsters and liquor in the District are unharmed and retain Control. This Play generates Heat."},
	}},
}

// Playbooks returns the four Playbooks in Playbook order.
func Playbooks() []PlaybookInfo { return playbooks[:] }

// PlaybookOf returns the printed facts of Playbook p; an unknown p has
// none (the zero PlaybookInfo).
func PlaybookOf(p pb.Playbook) PlaybookInfo {
	if p < 1 || int(p) > len(playbooks) {
		return PlaybookInfo{}
	}
	return playbooks[p-1]
}
