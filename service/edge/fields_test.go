package edge

import (
	"strings"
	"testing"

	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"google.golang.org/protobuf/reflect/protoreflect"
)

// TestEveryRequestStringHasARule walks every GameService request message
// and the moonshine.v1 messages it holds: each string field has its rule in
// textRules, and textRules names no field that does not exist.
func TestEveryRequestStringHasARule(t *testing.T) {
	methods := moonshinev1.File_moonshine_v1_game_service_proto.Services().ByName("GameService").Methods()
	seen := map[protoreflect.FullName]bool{}
	var walk func(md protoreflect.MessageDescriptor)
	walk = func(md protoreflect.MessageDescriptor) {
		if seen[md.FullName()] || md.ParentFile().Package() != "moonshine.v1" {
			return
		}
		seen[md.FullName()] = true
		fields := md.Fields()
		for i := range fields.Len() {
			fd := fields.Get(i)
			switch fd.Kind() {
			case protoreflect.StringKind:
				if _, ok := textRules[fd.FullName()]; !ok {
					t.Errorf("%s has no rule in textRules", fd.FullName())
				}
				seen[fd.FullName()] = true
			case protoreflect.MessageKind:
				walk(fd.Message())
			}
		}
	}
	for i := range methods.Len() {
		walk(methods.Get(i).Input())
	}
	for name := range textRules {
		if !seen[name] {
			t.Errorf("textRules names %s, which no request holds", name)
		}
	}
}

func TestTextRules(t *testing.T) {
	id := textRule{idChars, 1, 8}
	line := textRule{lineChars, 0, 5}
	text := textRule{textChars, 1, 5}
	cases := []struct {
		rule textRule
		s    string
		ok   bool
	}{
		{id, "seat0-1", true},
		{id, "a!~:", true},
		{id, "", false},          // below min
		{id, "123456789", false}, // 9 bytes
		{id, "a b", false},       // space
		{id, "a\x00", false},
		{id, "é", false}, // not ASCII
		{id, "a\x7f", false},
		{line, "", true},
		{line, "Ünïçø", true}, // five characters, ten bytes
		{line, "日本語", true},
		{line, "Ünïçød", false}, // six characters
		{line, "a\x00b", false},
		{line, "a\tb", false},
		{line, "a\nb", false},
		{line, "a\u0085", false}, // C1 control
		{line, "a\u2028", false},
		{line, "a\u202eb", false}, // right-to-left override
		{line, "a\u2067b", false}, // right-to-left isolate
		{line, "a\u200fb", true},  // right-to-left mark
		{line, "\xff", false},     // invalid UTF-8
		{text, "a\nb\tc", true},
		{text, "a\r\n", true},
		{text, "a\u202eb", true},
		{text, "a\x00", false},
		{text, "a\x1b[", false}, // escape
		{text, "", false},
	}
	for _, c := range cases {
		msg := c.rule.checkText(c.s)
		if (msg == "") != c.ok {
			t.Errorf("%+v on %q: %q, want ok %v", c.rule, c.s, msg, c.ok)
		}
	}
	if msg := line.checkText("ab\x00"); !strings.Contains(msg, "character 3 (U+0000)") {
		t.Errorf("the refusal does not say which character: %q", msg)
	}
}
