package gameservice

import (
	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
)

// unlistedOf checks a table's visibility and reports whether the lobby
// leaves the table out (unset is public).
func unlistedOf(cfg *moonshinev1.GameConfig) (bool, error) {
	switch v := cfg.GetVisibility(); v {
	case moonshinev1.Visibility_VISIBILITY_UNSPECIFIED, moonshinev1.Visibility_VISIBILITY_PUBLIC:
		return false, nil
	case moonshinev1.Visibility_VISIBILITY_UNLISTED:
		return true, nil
	default:
		return false, badRequest("config.visibility", "unknown visibility %d", v)
	}
}
