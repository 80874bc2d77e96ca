package gameservice

import (
	"context"
	"errors"
	"strconv"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/encoding"
	grpcproto "google.golang.org/grpc/encoding/proto"
	"google.golang.org/grpc/mem"
	"google.golang.org/protobuf/encoding/protowire"
	"google.golang.org/protobuf/proto"
)

// The edge admits each request before any handler sees it: the request
// must have decoded, be within the size limit, and hold only strings its
// fields allow (fields.go). Unary and streaming requests pass the same
// check, and a refusal is an ordinary one, with its ErrorInfo.

// requestCodec is gRPC's protobuf codec, except that a request that does
// not decode (not protobuf, or invalid UTF-8 in a string field) does not
// fail the call with gRPC's own INTERNAL and no details: the codec hands
// on an empty message carrying the decoding error in its unknown fields,
// and the edge refuses it (INVALID_ARGUMENT, UNDECODABLE_REQUEST) before
// any handler runs. The error travels in the message itself because gRPC
// may drop a message between the codec and the interceptors (a second
// message on a unary call), so nothing outside it would be sure to be
// cleared.
type requestCodec struct{ encoding.CodecV2 }

func newRequestCodec() requestCodec {
	return requestCodec{encoding.GetCodecV2(grpcproto.Name)}
}

// undecodableField is the field number under which requestCodec leaves a
// decoding error. It is in the range protobuf keeps for itself (19000 to
// 19999), which no request message defines.
const undecodableField protowire.Number = 19999

// Unmarshal implements encoding.CodecV2.
func (c requestCodec) Unmarshal(data mem.BufferSlice, v any) error {
	err := c.CodecV2.Unmarshal(data, v)
	m, ok := v.(proto.Message)
	if err == nil || !ok {
		return err
	}
	MarkUndecodable(m, err)
	return nil
}

// MarkUndecodable empties m and leaves err in it as requestCodec does for
// a request that does not decode. A transcoder in front of the service
// that decodes a request itself (from JSON, for REST and the Connect
// protocol) calls it on failure and hands m on: the mark survives
// marshalling to protobuf, and the edge refuses the request
// (INVALID_ARGUMENT, UNDECODABLE_REQUEST) with its ErrorInfo, as it does
// one that is not protobuf.
func MarkUndecodable(m proto.Message, err error) {
	proto.Reset(m)
	b := protowire.AppendTag(nil, undecodableField, protowire.BytesType)
	m.ProtoReflect().SetUnknown(protowire.AppendString(b, err.Error()))
}

// decodeError returns the decoding error requestCodec left in m, if any.
func decodeError(m proto.Message) error {
	b := m.ProtoReflect().GetUnknown()
	for len(b) > 0 {
		num, typ, n := protowire.ConsumeField(b)
		if n < 0 {
			return nil
		}
		if num == undecodableField && typ == protowire.BytesType {
			_, _, tagLen := protowire.ConsumeTag(b)
			msg, _ := protowire.ConsumeString(b[tagLen:])
			return errors.New(msg)
		}
		b = b[n:]
	}
	return nil
}

// edge admits requests: a message that did not decode, or that is over
// maxMsg bytes (<= 0: no limit of the service's own), or whose strings
// break their fields' rules, is refused before any handler sees it.
type edge struct{ maxMsg int }

// admit checks a decoded request at the edge.
func (e edge) admit(req any) error {
	m, ok := req.(proto.Message)
	if !ok {
		return nil
	}
	if err := decodeError(m); err != nil {
		return refuse(codes.InvalidArgument, ReasonUndecodable, "the request is not a valid %s: %v", m.ProtoReflect().Descriptor().FullName(), err)
	}
	if n := proto.Size(m); e.maxMsg > 0 && n > e.maxMsg {
		ref := refuse(codes.ResourceExhausted, ReasonMessageTooLarge, "the request is %d bytes; the limit is %d", n, e.maxMsg)
		ref.meta = map[string]string{"limit": strconv.Itoa(e.maxMsg)}
		return ref
	}
	if m.ProtoReflect().Descriptor().ParentFile().Package() != "moonshine.v1" {
		return nil // gRPC health and reflection
	}
	return checkStrings(m)
}

// unary is the interceptor that admits unary requests.
func (e edge) unary(ctx context.Context, req any, _ *grpc.UnaryServerInfo, h grpc.UnaryHandler) (any, error) {
	if err := e.admit(req); err != nil {
		return nil, err
	}
	return h(ctx, req)
}

// stream is the interceptor that admits each message a stream receives.
func (e edge) stream(srv any, ss grpc.ServerStream, _ *grpc.StreamServerInfo, h grpc.StreamHandler) error {
	return h(srv, &admittedStream{ServerStream: ss, edge: e})
}

// admittedStream admits each message it receives.
type admittedStream struct {
	grpc.ServerStream
	edge edge
}

// RecvMsg implements grpc.ServerStream.
func (a *admittedStream) RecvMsg(m any) error {
	if err := a.ServerStream.RecvMsg(m); err != nil {
		return err
	}
	return a.edge.admit(m)
}
