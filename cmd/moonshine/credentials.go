package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// credentialsFile is the name of the credential store in the config dir.
const credentialsFile = "credentials.json"

// creatorSeat is the Seat of a stored creator credential (CreateGame's,
// which manages the table and is no seat's).
const creatorSeat = -1

// credential is one stored credential: a seat's, or the creator's.
type credential struct {
	Server string `json:"server"`
	Game   string `json:"game"`
	Seat   int    `json:"seat"` // creatorSeat for the creator credential
	Name   string `json:"name"`
	Token  string `json:"token"`
	// Shown is the last event shown to the seat with none missed before
	// it (join, submit and wait move it): `wait` prints what came after.
	// 0: not known (a credential an older CLI stored).
	Shown int64 `json:"shown,omitempty"`
}

// credentials is the credential store: seat credentials keyed by server,
// game and seat, in a file readable by its owner only.
type credentials struct {
	path    string
	Entries []credential `json:"credentials"`
}

// loadCredentials reads the store in dir (an empty one if there is none).
func loadCredentials(dir string) (*credentials, error) {
	c := &credentials{path: filepath.Join(dir, credentialsFile)}
	if dir == "" {
		return c, nil
	}
	return c, loadJSON(c.path, c)
}

// loadJSON reads the JSON file at path into v; a missing file leaves v
// as it is.
func loadJSON(path string, v any) error {
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	if err := json.Unmarshal(b, v); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}

// find returns the credential of one seat.
func (c *credentials) find(server, game string, seat int) (credential, bool) {
	for _, e := range c.Entries {
		if e.Server == server && e.Game == game && e.Seat == seat {
			return e, true
		}
	}
	return credential{}, false
}

// forGame returns every seat credential stored for a game.
func (c *credentials) forGame(server, game string) []credential {
	var out []credential
	for _, e := range c.Entries {
		if e.Server == server && e.Game == game && e.Seat != creatorSeat {
			out = append(out, e)
		}
	}
	return out
}

// put stores a credential, replacing the seat's previous one, and saves.
func (c *credentials) put(cr credential) error {
	if filepath.Dir(c.path) == "." {
		return errors.New("no config directory for credentials: set --config-dir")
	}
	kept := c.Entries[:0]
	for _, e := range c.Entries {
		if e.Server != cr.Server || e.Game != cr.Game || e.Seat != cr.Seat {
			kept = append(kept, e)
		}
	}
	c.Entries = append(kept, cr)
	return saveJSON(c.path, c)
}

// remove forgets one credential, and saves.
func (c *credentials) remove(server, game string, seat int) error {
	kept := c.Entries[:0]
	for _, e := range c.Entries {
		if e.Server != server || e.Game != game || e.Seat != seat {
			kept = append(kept, e)
		}
	}
	c.Entries = kept
	return saveJSON(c.path, c)
}

// markShown records that seat of game was shown every event up to seq,
// and saves; a stale seq (not past the one stored) changes nothing.
func (c *credentials) markShown(server, game string, seat int, seq int64) error {
	for i, e := range c.Entries {
		if e.Server == server && e.Game == game && e.Seat == seat {
			if seq <= e.Shown {
				return nil
			}
			c.Entries[i].Shown = seq
			return saveJSON(c.path, c)
		}
	}
	return nil
}

// saveJSON writes v as indented JSON to path, readable by its owner only,
// through a temporary file so that a reader never sees half of it.
func saveJSON(path string, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, append(b, '\n'), 0o600); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}
