package audit_test

import (
	"bytes"
	"encoding/json"
	"testing"

	moonshinev1 "github.com/moonshine-games/moonshine/proto/moonshine/v1"
	"github.com/moonshine-games/moonshine/service/audit"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
)

// TestMarshalIsCanonical: the same history gives the same bytes, already
// in canonical indentation (re-indenting changes nothing), and files in
// the older layout (protojson's own indentation) and binary protobuf are
// still read.
func TestMarshalIsCanonical(t *testing.T) {
	h := &moonshinev1.GetHistoryResponse{
		Game:     &moonshinev1.GameInfo{GameId: "g1", Game: "booze-barons", Seed: []byte{0xde, 0xad, 0xbe, 0xef}, Version: 3},
		Events:   []*moonshinev1.Event{{Seq: 1}, {Seq: 2, Public: &moonshinev1.EventBody{Label: "a label"}}},
		Complete: true,
	}
	a, err := audit.Marshal(h)
	if err != nil {
		t.Fatal(err)
	}
	b, err := audit.Marshal(proto.Clone(h).(*moonshinev1.GetHistoryResponse))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a, b) {
		t.Errorf("two marshals of one history differ:\n%s\n%s", a, b)
	}
	var again bytes.Buffer
	if err := json.Indent(&again, bytes.TrimSuffix(a, []byte("\n")), "", "  "); err != nil {
		t.Fatal(err)
	}
	if again.WriteByte('\n'); !bytes.Equal(a, again.Bytes()) {
		t.Errorf("not in canonical indentation:\n%s", a)
	}
	if !bytes.Contains(a, []byte("\n  \"game\": {\n    \"gameId\": \"g1\",")) {
		t.Errorf("unexpected layout:\n%s", a)
	}
	old, _ := protojson.MarshalOptions{Multiline: true, Indent: "  "}.Marshal(h)
	bin, _ := proto.Marshal(h)
	for name, data := range map[string][]byte{"canonical": a, "older protojson": old, "binary": bin} {
		got, err := audit.Unmarshal(data)
		if err != nil || !proto.Equal(got, h) {
			t.Errorf("%s: read back %v, %v", name, got, err)
		}
	}
}
