package audit

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"

	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
)

// Marshal returns a history as protojson in a canonical form, the file
// format of `moonshine history --out`: fields in field-number order, map
// keys sorted, indented by two spaces, ending in a newline. The same
// history gives the same bytes, from any build, so saved files can be
// hashed and diffed. (protojson's own output varies its white space on
// purpose; re-indenting its compact form removes that.) Bytes, such as the
// seed, are base64 as protojson writes them; the CLI shows them in hex.
func Marshal(h *moonshinev1.GetHistoryResponse) ([]byte, error) {
	b, err := protojson.MarshalOptions{Multiline: false}.Marshal(h)
	if err != nil {
		return nil, err
	}
	var out bytes.Buffer
	if err := json.Indent(&out, b, "", "  "); err != nil {
		return nil, err
	}
	out.WriteByte('\n')
	return out.Bytes(), nil
}

// Unmarshal reads a history saved by [Marshal] (protojson) or as binary
// protobuf: data starting with '{' after any white space is protojson.
func Unmarshal(data []byte) (*moonshinev1.GetHistoryResponse, error) {
	h := &moonshinev1.GetHistoryResponse{}
	var err error
	if t := bytes.TrimLeft(data, " \t\r\n"); len(t) > 0 && t[0] == '{' {
		err = protojson.Unmarshal(data, h)
	} else {
		err = proto.Unmarshal(data, h)
	}
	if err != nil {
		return nil, fmt.Errorf("audit: reading a history: %w", err)
	}
	return h, nil
}

// Save writes a history to path as protojson.
func Save(path string, h *moonshinev1.GetHistoryResponse) error {
	b, err := Marshal(h)
	if err != nil {
		return err
	}
	return os.WriteFile(path, b, 0o644)
}

// Load reads a history file written by [Save] (or binary protobuf).
func Load(path string) (*moonshinev1.GetHistoryResponse, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return Unmarshal(b)
}
