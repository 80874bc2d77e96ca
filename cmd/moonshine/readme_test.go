package main

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/server"
	"google.golang.org/protobuf/proto"
)

// readmeSessionMark precedes each worked session of README.md that
// TestREADMESessions runs: an HTML comment, which a rendered README does
// not show, naming the session.
const readmeSessionMark = "<!-- readme-session: "

// TestREADMESessions runs README.md's worked sessions (Booze Barons,
// Moonshine Kingdom and Bootleggers) command by command, as the README writes them,
// against a real server on the embedded store (moonshined's default), and
// fails when the README drifts from the CLI. In a session, `NAME=<game
// id>` takes the id the last `create` printed, $NAME and "$(moonshine …)"
// expand as in the shell, `a && b` runs both, a comment after a command is
// the reader's, and a line `# …` stands for playing on: the test plays the
// first legal command whenever `wait` says it is the seat's turn, until
// the game is over.
func TestREADMESessions(t *testing.T) {
	sessions := readmeSessions(t, filepath.Join("..", "..", "README.md"))
	for _, name := range []string{"booze-barons", "moonshine-kingdom", "bootleggers"} {
		t.Run(name, func(t *testing.T) {
			lines, ok := sessions[name]
			if !ok || len(lines) == 0 {
				t.Fatalf("README.md has no session %q (a %s%s --> line before its sh block)", name, readmeSessionMark, name)
			}
			t.Chdir(t.TempDir()) // history --out game.json
			s := newSessionWith(t, server.Config{CommandRate: -1, DBPath: filepath.Join(t.TempDir(), "moonshine.db")})
			r := &readmeRun{s: s, vars: map[string]string{}}
			for _, line := range lines {
				r.line(line)
			}
		})
	}
}

// TestREADMEExamples: every --command-json and --options-json example of
// README.md decodes for the game the text last named before it (Booze
// Barons or the Kingdom), so that no example is shown with the wrong game.
func TestREADMEExamples(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	mention := regexp.MustCompile(`Booze Barons|Kingdom|--(command|options)-json '([^']*)'`)
	game, n := "", 0
	for _, m := range mention.FindAllStringSubmatch(string(b), -1) {
		switch m[0] {
		case "Booze Barons":
			game = "booze-barons"
			continue
		case "Kingdom":
			game = "moonshine-kingdom"
			continue
		}
		var env proto.Message = &moonshinev1.GameCommand{}
		if m[1] == "options" {
			env = &moonshinev1.GameOptions{}
		}
		if err := unmarshalInto(env, game, m[2]); err != nil {
			t.Errorf("README: %s is not a %s %s: %v", m[0], game, m[1], err)
		}
		n++
	}
	if n < 4 {
		t.Errorf("README: only %d examples found", n)
	}
}

// readmeSessions returns the lines of each marked sh block of the README.
func readmeSessions(t *testing.T, path string) map[string][]string {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string][]string{}
	name, in := "", false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, readmeSessionMark):
			name = strings.TrimSuffix(strings.TrimPrefix(line, readmeSessionMark), " -->")
		case name != "" && !in && strings.HasPrefix(line, "```sh"):
			in = true
		case in && strings.HasPrefix(line, "```"):
			name, in = "", false
		case in:
			out[name] = append(out[name], line)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// readmeRun is one session being run: its variables and the output of
// the last create.
type readmeRun struct {
	s       *session
	vars    map[string]string
	created string
}

var (
	placeholder = regexp.MustCompile(`^([A-Z_]+)=<([^>]+)>$`)
	gameIDLine  = regexp.MustCompile(`game id: (\S+)`)
)

// line runs one line of a session.
func (r *readmeRun) line(line string) {
	t := r.s.t
	t.Helper()
	trimmed := strings.TrimSpace(line)
	switch {
	case strings.HasPrefix(trimmed, "# …"):
		r.playOn()
		return
	case trimmed == "" || strings.HasPrefix(trimmed, "#"):
		return
	}
	cmd := stripComment(trimmed)
	if m := placeholder.FindStringSubmatch(cmd); m != nil {
		id := gameIDLine.FindStringSubmatch(r.created)
		if m[2] != "game id" || id == nil {
			t.Fatalf("README: %q: no %s to take", line, m[2])
		}
		r.vars[m[1]] = id[1]
		return
	}
	for _, part := range splitAnd(cmd) {
		out := r.run(part)
		if strings.Contains(part, "watch") {
			checkWatch(t, part, out)
		}
	}
}

// run runs one command of a session, which must succeed, and returns its
// output.
func (r *readmeRun) run(cmd string) string {
	t := r.s.t
	t.Helper()
	args, err := shellWords(cmd, r.vars, func(inner string) string { return strings.TrimSpace(r.run(inner)) })
	if err != nil {
		t.Fatalf("README: %q: %v", cmd, err)
	}
	if len(args) == 0 || args[0] != "moonshine" {
		t.Fatalf("README: %q is not a moonshine command", cmd)
	}
	code, out, errw := r.s.run(args[1:]...)
	if code != exitOK {
		t.Fatalf("README: %q: exit %d\n%s%s", cmd, code, out, errw)
	}
	if args[1] == "create" {
		r.created = out
	}
	t.Logf("$ %s\n%s", cmd, out)
	return out
}

// playOn plays the seat's first legal command whenever it is its turn,
// until the game is over.
func (r *readmeRun) playOn() {
	for range 1000 {
		if strings.Contains(r.run("moonshine wait $GAME --quiet"), "game over") {
			return
		}
		r.run("moonshine submit $GAME 1")
	}
	r.s.t.Fatal("README: the game did not end")
}

// checkWatch checks that `watch --from N` starts at event N.
func checkWatch(t *testing.T, cmd, out string) {
	t.Helper()
	m := regexp.MustCompile(`--from (\d+)`).FindStringSubmatch(cmd)
	if m == nil {
		return
	}
	if want := fmt.Sprintf("%4s  ", m[1]); !strings.HasPrefix(out, want) {
		t.Errorf("README: %q does not start at event %s:\n%s", cmd, m[1], out)
	}
}

// unquoted returns the offsets of line that are outside quotes.
func unquoted(line string) []int {
	var out []int
	quote := rune(0)
	for i, c := range line {
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '\'' || c == '"':
			quote = c
		default:
			out = append(out, i)
		}
	}
	return out
}

// stripComment removes a comment ("  # …") after a command, outside
// quotes.
func stripComment(line string) string {
	for _, i := range unquoted(line) {
		if line[i] == '#' && i > 0 && (line[i-1] == ' ' || line[i-1] == '\t') {
			return strings.TrimSpace(line[:i])
		}
	}
	return line
}

// splitAnd splits "a && b" outside quotes.
func splitAnd(line string) []string {
	var out []string
	start := 0
	for _, i := range unquoted(line) {
		if i >= start && strings.HasPrefix(line[i:], "&&") {
			out = append(out, strings.TrimSpace(line[start:i]))
			start = i + 2
		}
	}
	return append(out, strings.TrimSpace(line[start:]))
}

// shellWords splits a command into words as sh does for the README's
// commands: single quotes literal, double quotes with $NAME and $(…)
// expanded, words split on white space.
func shellWords(cmd string, vars map[string]string, subst func(string) string) ([]string, error) {
	var words []string
	var cur strings.Builder
	inWord, quote := false, byte(0)
	for i := 0; i < len(cmd); i++ {
		c := cmd[i]
		switch {
		case quote == '\'' && c == '\'', quote == '"' && c == '"':
			quote = 0
		case quote == '\'':
			cur.WriteByte(c)
		case c == '$' && i+1 < len(cmd) && cmd[i+1] == '(':
			end := strings.IndexByte(cmd[i:], ')')
			if end < 0 {
				return nil, fmt.Errorf("unclosed $(")
			}
			cur.WriteString(subst(cmd[i+2 : i+end]))
			i += end
			inWord = true
		case c == '$':
			j := i + 1
			for j < len(cmd) && (cmd[j] == '_' || cmd[j] >= 'A' && cmd[j] <= 'Z') {
				j++
			}
			v, ok := vars[cmd[i+1:j]]
			if !ok {
				return nil, fmt.Errorf("$%s is not set", cmd[i+1:j])
			}
			cur.WriteString(v)
			i, inWord = j-1, true
		case quote == '"':
			cur.WriteByte(c)
		case c == '\'' || c == '"':
			quote, inWord = c, true
		case c == ' ' || c == '\t':
			if inWord {
				words, inWord = append(words, cur.String()), false
				cur.Reset()
			}
		default:
			cur.WriteByte(c)
			inWord = true
		}
	}
	if quote != 0 {
		return nil, fmt.Errorf("unclosed quote")
	}
	if inWord {
		words = append(words, cur.String())
	}
	return words, nil
}
