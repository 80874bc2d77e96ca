package printed

import pb "github.com/moonshine-games/moonshine/proto/moonshine/kingdom/v1"

// BrokerInfo is one Power Broker as printed: who, where, and the Favor a
// Bribe buys ("Favors: Friends with benefits").
type BrokerInfo struct {
	ID pb.Broker
	// Name and Nickname: "Mayor Jimmy Walker", "The Night Mayor".
	Name, Nickname string
	// District is the broker's High Society District.
	District pb.District
	// Favor names the Favor ("City Hall Pass"); FavorText is what it does.
	Favor, FavorText string
}

var brokers = [4]BrokerInfo{
	{pb.Broker_BROKER_JIMMY_WALKER, "Mayor Jimmy Walker", "The Night Mayor", pb.District_DISTRICT_MORRIS_PARK,
		"City Hall Pass", "Your Districts may hold any number of mobsters without penalty during The Sweep."},
	{pb.Broker_BROKER_ARNOLD_ROTHSTEIN, "Arnold Rothstein", "The Brain", pb.District_DISTRICT_WILLIAMSBURG,
		"The Inside Vig", "Shylock knows who signs his checks. Repay each Shylock's Mark for $1,500 instead of $2,500."},
	{pb.Broker_BROKER_STEPHANIE_ST_CLAIR, "Stephanie St. Clair", "Queenie", pb.District_DISTRICT_SUGAR_HILL,
		"Untouchable", "Ignore the Greed Tax. You may Unload 4 or more barrels in a single Play without generating Heat."},
	{pb.Broker_BROKER_TEXAS_GUINAN, "Texas Guinan", "The Hostess", pb.District_DISTRICT_RICHMOND_HILL,
		"High Society Whispers", "The right whisper opens every door. When you Hustle, draw 3 Contracts instead of 2, and your Hand Limit is increased to 5."},
}

// Brokers returns the four Power Brokers in Broker order.
func Brokers() []BrokerInfo { return brokers[:] }

// BrokerOf returns the printed facts of Power Broker b; an unknown b has
// none (the zero BrokerInfo).
func BrokerOf(b pb.Broker) BrokerInfo {
	if b < 1 || int(b) > len(brokers) {
		return BrokerInfo{}
	}
	return brokers[b-1]
}
