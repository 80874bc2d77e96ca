package engine

import "fmt"

// RulesVersioned is a game module that names the revision of its rules. A
// seed and a command log give the same events only under the same rules;
// the service records the version a game is created under, and [Verify]
// names both when a log recorded under another version does not re-run.
type RulesVersioned interface {
	// RulesVersion returns a short stable string, such as "2", changed
	// whenever a change to the rules can change what a seed and a command log
	// give.
	RulesVersion() string
}

// UnrecordedRulesVersion is the rules version of a game recorded before its
// module named one ([Config.RulesVersion] empty in a stored game): every
// module's first version, "1".
const UnrecordedRulesVersion = "1"

// RulesVersion returns the rules version r plays, or "" when it names none.
func RulesVersion(r Rules) string {
	if v, ok := r.(RulesVersioned); ok {
		return v.RulesVersion()
	}
	return ""
}

// RulesNote compares the rules version a game was recorded under with the
// one r plays. It returns "" when they are the same, or when either is not
// known; otherwise a sentence naming both, such as "recorded under
// moonshine-kingdom rules 1; this build plays rules 2".
func RulesNote(r Rules, recorded string) string {
	build := RulesVersion(r)
	if recorded == "" || build == "" || recorded == build {
		return ""
	}
	return fmt.Sprintf("recorded under %s rules %s; this build plays rules %s", r.Name(), recorded, build)
}
