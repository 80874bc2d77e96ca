package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"

	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"google.golang.org/protobuf/encoding/protojson"
)

// sentFile is the name, in the config dir, of the commands sent with an
// id the user chose: `submit --id X` again resends the very command.
const sentFile = "sent.json"

// sentKept bounds the commands remembered (the oldest are let go).
const sentKept = 500

// sentCommand is one command sent with a chosen id.
type sentCommand struct {
	Server  string          `json:"server"`
	Game    string          `json:"game"`
	ID      string          `json:"id"`
	Command json.RawMessage `json:"command"` // the GameCommand envelope as protojson
}

// sentLog is the file of sent commands.
type sentLog struct {
	path    string
	Entries []sentCommand `json:"sent"`
}

// loadSent reads the sent commands in dir (none if there is no file).
func loadSent(dir string) (*sentLog, error) {
	l := &sentLog{path: filepath.Join(dir, sentFile)}
	if dir == "" {
		return l, nil
	}
	return l, loadJSON(l.path, l)
}

// find returns the command first sent with id, or nil.
func (l *sentLog) find(server, game, id string) (*moonshinev1.GameCommand, error) {
	for _, e := range l.Entries {
		if e.Server == server && e.Game == game && e.ID == id {
			cmd := &moonshinev1.GameCommand{}
			if err := protojson.Unmarshal(e.Command, cmd); err != nil {
				return nil, fmt.Errorf("%s: the command sent with id %s: %w", l.path, id, err)
			}
			return cmd, nil
		}
	}
	return nil, nil
}

// put remembers a command sent with id, and saves.
func (l *sentLog) put(server, game, id string, cmd *moonshinev1.GameCommand) error {
	if filepath.Dir(l.path) == "." {
		return errors.New("no config directory to remember the command in: set --config-dir")
	}
	b, err := protojson.Marshal(cmd)
	if err != nil {
		return err
	}
	l.Entries = append(l.Entries, sentCommand{Server: server, Game: game, ID: id, Command: compactJSON(b)})
	if n := len(l.Entries); n > sentKept {
		l.Entries = l.Entries[n-sentKept:]
	}
	return saveJSON(l.path, l)
}
