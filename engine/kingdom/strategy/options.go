package strategy

import pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"

// QuickOathOptions returns table options under which games of four seats
// all played by this policy end quickly by an Alliance win: the Blood Oath
// with the Sit-Down at the first Raid, a lone Respect target out of reach
// (100), and an Alliance target of 25 combined Respect instead of the
// printed 35 (at 35 about a quarter of the policy's games are still going
// after 6,000 commands; at 25 they all end within a few hundred).
func QuickOathOptions() *pb.Options {
	return &pb.Options{BloodOath: true, SitDownAt: 2, RespectToWin: 100, AllianceRespectToWin: 25}
}
