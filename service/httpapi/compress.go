package httpapi

import (
	"compress/gzip"
	"errors"
	"github.com/moonshine-games/moonshine/service/edge"
	"io"

	"connectrpc.com/connect"
)

// A compressed request body is limited as it expands, not after: the
// transcoder's gzip decompressor (boundedGzip) stops at the limit and
// refuses the request (RESOURCE_EXHAUSTED, MESSAGE_TOO_LARGE; 413 over
// REST), so a small body that would expand to gigabytes costs no more
// than the limit. gRPC and gRPC-Web calls the transcoder passes on
// compressed are decompressed by gRPC, which limits them the same way
// (grpc.MaxRecvMsgSize).

func newGzipCompressor() connect.Compressor { return gzip.NewWriter(io.Discard) }

// boundedGzip is a gzip decompressor that refuses to expand past limit
// bytes (0: no limit), and refuses a body that is not gzip as the
// client's mistake.
type boundedGzip struct {
	gzip.Reader
	limit int
	read  int // bytes expanded since the last Reset
}

func newBoundedGzip(limit int) *boundedGzip { return &boundedGzip{limit: limit} }

// Reset implements connect.Decompressor.
func (b *boundedGzip) Reset(r io.Reader) error {
	b.read = 0
	if err := b.Reader.Reset(r); err != nil {
		return notGzip(err)
	}
	return nil
}

// Read implements io.Reader.
func (b *boundedGzip) Read(p []byte) (int, error) {
	if b.limit > 0 {
		if b.read >= b.limit {
			// One byte more shows whether the body ends at the limit.
			var one [1]byte
			if n, err := b.Reader.Read(one[:]); n > 0 {
				return 0, connectError(edge.MessageTooLarge(b.limit))
			} else if err != nil {
				return 0, b.readError(err)
			}
			return 0, nil
		}
		p = p[:min(len(p), b.limit-b.read)]
	}
	n, err := b.Reader.Read(p)
	b.read += n
	if err != nil {
		return n, b.readError(err)
	}
	return n, nil
}

func (b *boundedGzip) readError(err error) error {
	if errors.Is(err, io.EOF) {
		return io.EOF
	}
	return notGzip(err)
}

// notGzip is the refusal of a body that says it is gzip and is not.
func notGzip(err error) error {
	return connectError(edge.Undecodable(nil, errors.New("the body is not gzip: "+err.Error())))
}
