package playtest

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"

	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	"github.com/moonshine-games/moonshine/engine"
)

// Viewers returns the spectator, every seat, and the auditor.
func Viewers(players int) []engine.Viewer {
	out := []engine.Viewer{engine.SpectatorViewer()}
	for i := range players {
		out = append(out, engine.SeatViewer(engine.Seat(i)))
	}
	return append(out, engine.AuditorViewer())
}

// MarshalView returns the deterministic protobuf encoding of a message.
func MarshalView(m proto.Message) []byte {
	b, err := proto.MarshalOptions{Deterministic: true}.Marshal(m)
	if err != nil {
		panic(fmt.Sprintf("playtest: marshal %T: %v", m, err))
	}
	return b
}

// MarshalEvent encodes an event (already redacted or not) byte-exactly:
// the public body, then each secret's seats and body, length-prefixed.
func MarshalEvent(e engine.Event) []byte {
	var buf bytes.Buffer
	put := func(b []byte) {
		buf.Write(binary.AppendUvarint(nil, uint64(len(b))))
		buf.Write(b)
	}
	if e.Public != nil {
		put(MarshalView(e.Public))
	} else {
		put(nil)
	}
	for _, s := range e.Private {
		seats := []byte{}
		for _, seat := range s.Seats {
			seats = binary.AppendVarint(seats, int64(seat))
		}
		put(seats)
		put(MarshalView(s.Body))
	}
	return buf.Bytes()
}

// Stream returns viewer v's redacted stream (engine.Event.For), one encoded
// event per recorded event; an event v learns nothing of is still present
// (empty public body, no secrets), as the sequence number is public.
func Stream(events []engine.Recorded, v engine.Viewer) [][]byte {
	out := make([][]byte, len(events))
	for i, r := range events {
		out[i] = MarshalEvent(r.Event.For(v))
	}
	return out
}

// JSON returns a stable, indented JSON rendering of m for golden files
// (protojson's own spacing is deliberately unstable, so it is re-indented).
func JSON(m proto.Message) []byte {
	raw, err := protojson.MarshalOptions{EmitDefaultValues: true}.Marshal(m)
	if err != nil {
		panic(fmt.Sprintf("playtest: json %T: %v", m, err))
	}
	var compact, out bytes.Buffer
	if err := json.Compact(&compact, raw); err != nil {
		panic(err)
	}
	if err := json.Indent(&out, compact.Bytes(), "", "  "); err != nil {
		panic(err)
	}
	out.WriteByte('\n')
	return out.Bytes()
}

// StreamJSON renders v's redacted stream for a golden file.
func StreamJSON(events []engine.Recorded, v engine.Viewer) []byte {
	var buf bytes.Buffer
	for _, r := range events {
		e := r.Event.For(v)
		fmt.Fprintf(&buf, "# event %d\n", r.Seq)
		if e.Public != nil {
			buf.WriteString("public: ")
			buf.Write(JSON(e.Public))
		}
		for _, s := range e.Private {
			seats := make([]int, len(s.Seats))
			for i, seat := range s.Seats {
				seats[i] = int(seat)
			}
			fmt.Fprintf(&buf, "private to seats %v: ", seats)
			buf.Write(JSON(s.Body))
		}
	}
	return buf.Bytes()
}
