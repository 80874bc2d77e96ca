package edge

import (
	"fmt"
	"github.com/moonshine-games/moonshine/service/rpcstatus"
	"strconv"
	"unicode/utf8"

	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
)

// This file decides, in one place, which characters and how many of them
// every client string may hold. The edge (see edge.go) checks each request
// against these rules before any handler runs, so that no string a store
// or a client could choke on gets further; docs/service.md lists them.

// charset is a set of characters a client string may hold.
type charset int

const (
	// idChars: printable ASCII without space, U+0021 to U+007E. Ids and
	// tokens: game ids, command and message ids, page tokens, game names.
	idChars charset = iota
	// lineChars: one line of Unicode text, for names and titles shown in
	// lists. No control characters (U+0000 to U+001F, U+007F to U+009F),
	// no line or paragraph separator (U+2028, U+2029), and no
	// bidirectional embedding, override or isolate (U+202A to U+202E,
	// U+2066 to U+2069), which could reorder the text shown around them.
	lineChars
	// textChars: free text, for table talk and the games' own words (a
	// deal's free-text term). Like lineChars, but tab, line feed, carriage
	// return, the line and paragraph separators and the bidirectional
	// controls are allowed.
	textChars
)

// textRule bounds one string field: its charset and its length, counted
// in bytes for idChars (all ASCII) and in characters (code points)
// otherwise.
type textRule struct {
	chars    charset
	min, max int
}

// MaxCommandID bounds client command and message ids.
const MaxCommandID = 128

// Rules shared by several fields.
var (
	// gameIDRule: the server hands out 16-character ids.
	gameIDRule = textRule{idChars, 1, 64}
	// gameNameRule: a game's name, e.g. "booze-barons".
	gameNameRule = textRule{idChars, 1, 64}
	// gameTextRule is the rule of every string inside a game's own
	// messages (its options and commands) that the table below does not
	// name: the game checks its own, tighter, length.
	gameTextRule = textRule{textChars, 0, 2000}
)

// textRules holds the rule of every string field of the moonshine.v1
// requests, by field. TestEveryRequestStringHasARule keeps it complete.
var textRules = map[protoreflect.FullName]textRule{
	"moonshine.v1.CreateGameRequest.game":          gameNameRule,
	"moonshine.v1.GameConfig.title":                {lineChars, 0, 100},
	"moonshine.v1.GameConfig.rules_version":        {idChars, 0, 32},
	"moonshine.v1.GameConfig.variant":              {idChars, 0, 64},
	"moonshine.v1.GetRulesRequest.game":            gameNameRule,
	"moonshine.v1.JoinGameRequest.game_id":         gameIDRule,
	"moonshine.v1.JoinGameRequest.name":            {lineChars, 0, 40},
	"moonshine.v1.SubmitCommandRequest.game_id":    gameIDRule,
	"moonshine.v1.SubmitCommandRequest.command_id": {idChars, 1, MaxCommandID},
	"moonshine.v1.SendMessageRequest.game_id":      gameIDRule,
	"moonshine.v1.SendMessageRequest.text":         {textChars, 1, 500},
	"moonshine.v1.SendMessageRequest.message_id":   {idChars, 0, MaxCommandID},
	"moonshine.v1.GetGameRequest.game_id":          gameIDRule,
	"moonshine.v1.ListGamesRequest.game":           {idChars, 0, gameNameRule.max},
	"moonshine.v1.ListGamesRequest.page_token":     {idChars, 0, gameIDRule.max},
	"moonshine.v1.GetViewRequest.game_id":          gameIDRule,
	"moonshine.v1.GetViewAtRequest.game_id":        gameIDRule,
	"moonshine.v1.WatchGameRequest.game_id":        gameIDRule,
	"moonshine.v1.GetHistoryRequest.game_id":       gameIDRule,
	"moonshine.v1.GetTalkRequest.game_id":          gameIDRule,
	"moonshine.v1.CancelGameRequest.game_id":       gameIDRule,
	// A credential the server handed out (43 characters of base64url).
	"moonshine.v1.CancelGameRequest.creator_credential": {idChars, 1, 128},
	"moonshine.v1.LeaveSeatRequest.game_id":             gameIDRule,
	"moonshine.v1.RotateCredentialRequest.game_id":      gameIDRule,
	"moonshine.v1.ResignRequest.game_id":                gameIDRule,
	"moonshine.v1.ResignRequest.command_id":             {idChars, 1, MaxCommandID},
	"moonshine.v1.RequestTakebackRequest.game_id":       gameIDRule,
	"moonshine.v1.AnswerTakebackRequest.game_id":        gameIDRule,
	// As CancelGameRequest.creator_credential.
	"moonshine.v1.RotateCredentialRequest.creator_credential": {idChars, 1, 128},
}

// ruleFor returns the rule of a string field: the table's, else
// gameTextRule (a game's own messages; TestEveryRequestStringHasARule
// keeps moonshine.v1's fields in the table).
func ruleFor(fd protoreflect.FieldDescriptor) textRule {
	if r, ok := textRules[fd.FullName()]; ok {
		return r
	}
	return gameTextRule
}

// checkText returns what is wrong with s under r, or "".
func (r textRule) checkText(s string) string {
	if !utf8.ValidString(s) {
		return "is not valid UTF-8"
	}
	n := len(s)
	unit := "bytes"
	if r.chars != idChars {
		n, unit = utf8.RuneCountInString(s), "characters"
	}
	if n < r.min || n > r.max {
		if r.min == 0 {
			return fmt.Sprintf("at most %d %s (got %d)", r.max, unit, n)
		}
		return fmt.Sprintf("%d to %d %s (got %d)", r.min, r.max, unit, n)
	}
	pos := 0
	for _, c := range s {
		pos++
		if !r.chars.allows(c) {
			return fmt.Sprintf("character %d (%U) is not allowed: %s", pos, c, r.chars)
		}
	}
	return ""
}

// allows reports whether the charset holds c.
func (cs charset) allows(c rune) bool {
	if cs == idChars {
		return c >= 0x21 && c <= 0x7e
	}
	switch {
	case c == '\t' || c == '\n' || c == '\r':
		return cs == textChars
	case c < 0x20 || (c >= 0x7f && c <= 0x9f):
		return false
	case c == 0x2028 || c == 0x2029 || (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069):
		return cs == textChars
	}
	return true
}

// String says what the charset holds, for refusals.
func (cs charset) String() string {
	switch cs {
	case idChars:
		return "ids are printable ASCII without space (U+0021 to U+007E)"
	case lineChars:
		return "one line of text, without control characters, line separators or bidirectional controls"
	default:
		return "text holds no control characters but tab and line breaks"
	}
}

// checkStrings checks every string field of a request, nested messages
// included, against its rule; the refusal names the first bad field by
// its path (e.g. "config.title").
func checkStrings(m proto.Message) error {
	if ref := checkMessage(m.ProtoReflect(), ""); ref != nil {
		return ref
	}
	return nil
}

// checkMessage checks m's strings and drops its unknown fields: what the
// service stores (a config, a command) holds only fields it knows, so a
// later version never reads a field that was not decided on.
func checkMessage(m protoreflect.Message, path string) *rpcstatus.Refusal {
	if m.GetUnknown() != nil {
		m.SetUnknown(nil)
	}
	fields := m.Descriptor().Fields()
	for i := range fields.Len() {
		fd := fields.Get(i)
		if (fd.HasPresence() || fd.IsList() || fd.IsMap()) && !m.Has(fd) {
			continue
		}
		name := fieldPath(path, fd)
		v := m.Get(fd)
		var ref *rpcstatus.Refusal
		switch {
		case fd.IsList():
			for j := range v.List().Len() {
				if ref = checkValue(fd, v.List().Get(j), name+"["+strconv.Itoa(j)+"]"); ref != nil {
					break
				}
			}
		case fd.IsMap():
			v.Map().Range(func(k protoreflect.MapKey, mv protoreflect.Value) bool {
				key := name + "[" + k.String() + "]"
				if fd.MapKey().Kind() == protoreflect.StringKind {
					ref = checkValue(fd.MapKey(), k.Value(), key)
				}
				if ref == nil {
					ref = checkValue(fd.MapValue(), mv, key)
				}
				return ref == nil
			})
		default:
			ref = checkValue(fd, v, name)
		}
		if ref != nil {
			return ref
		}
	}
	return nil
}

// checkValue checks one value of field fd: a string by its rule, a
// message field by field.
func checkValue(fd protoreflect.FieldDescriptor, v protoreflect.Value, path string) *rpcstatus.Refusal {
	switch fd.Kind() {
	case protoreflect.StringKind:
		if msg := ruleFor(fd).checkText(v.String()); msg != "" {
			return rpcstatus.BadRequest(path, "%s", msg)
		}
	case protoreflect.MessageKind, protoreflect.GroupKind:
		return checkMessage(v.Message(), path)
	}
	return nil
}

func fieldPath(parent string, fd protoreflect.FieldDescriptor) string {
	if parent == "" {
		return string(fd.Name())
	}
	return parent + "." + string(fd.Name())
}
