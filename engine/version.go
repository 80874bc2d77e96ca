package engine

import "fmt"

// UnrecordedRulesVersion is every module's first rules version, "1": the
// version of a module that names none ([Module.RulesVersion] empty), and
// of a game recorded before its module named one ([Config.RulesVersion]
// empty in a stored game).
const UnrecordedRulesVersion = "1"

// RulesNote compares the rules version a game was recorded under with the
// one m plays. It returns "" when they are the same, or when the recorded
// one is not known; otherwise a sentence naming both, such as "recorded
// under moonshine-kingdom rules 1; this build plays rules 2".
func (m Module) RulesNote(recorded string) string {
	build := m.Defaults().RulesVersion
	if recorded == "" || recorded == build {
		return ""
	}
	return fmt.Sprintf("recorded under %s rules %s; this build plays rules %s", m.Rules.Name(), recorded, build)
}
