// Package edge admits every request before a handler sees it: the request
// must decode, fit the size limit, and hold in each string only what its
// field allows (fields.go, the one place that decides). Unary and
// streaming requests alike, on every protocol the server speaks.
//
// It sits between the transports (gRPC's own, and what service/server
// transcodes to it) and the RPC handlers (service/gameservice), whose
// gRPC server takes its codec and interceptors; its refusals are
// service/rpcstatus's.
package edge

import (
	"context"
	"github.com/moonshine-games/moonshine/service/rpcstatus"
	"strconv"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/encoding"
	grpcproto "google.golang.org/grpc/encoding/proto"
	"google.golang.org/grpc/mem"
	"google.golang.org/protobuf/proto"
)

// The edge admits each request before any handler sees it: the request
// must have decoded, be within the size limit, and hold only strings its
// fields allow (fields.go). Unary and streaming requests pass the same
// check, and a refusal is an ordinary one, with its ErrorInfo.
//
// Decoding happens here, not in gRPC: gRPC's codec is handed a wireRequest
// and keeps the bytes, and the service decodes them where a failure is an
// error value the edge refuses with (INVALID_ARGUMENT, UNDECODABLE_REQUEST).
// Were the codec to decode, gRPC would answer a request that does not
// decode itself, with INTERNAL and no details, before any interceptor ran.
// A unary request is decoded by its method handler (readingRequests), which
// hands a failure to the edge in the call's context; a stream's by the
// first stream interceptor (StreamRead), whose RecvMsg returns it.

// requestCodec is gRPC's protobuf codec, used for every content subtype,
// except that a wireRequest keeps the bytes undecoded.
type requestCodec struct{ encoding.CodecV2 }

// Codec returns the codec a server whose requests pass the edge uses
// (grpc.ForceServerCodecV2).
func Codec() encoding.CodecV2 { return requestCodec{encoding.GetCodecV2(grpcproto.Name)} }

// wireRequest is a request message as it came off the wire.
type wireRequest struct{ data mem.BufferSlice }

// Unmarshal implements encoding.CodecV2.
func (c requestCodec) Unmarshal(data mem.BufferSlice, v any) error {
	if w, ok := v.(*wireRequest); ok {
		data.Ref()
		w.data = data
		return nil
	}
	return c.CodecV2.Unmarshal(data, v)
}

// decodeInto decodes w into m and releases w's bytes. A failure is the
// refusal of an undecodable request, and leaves m empty.
func (w *wireRequest) decodeInto(m any) error {
	defer w.data.Free()
	msg, ok := m.(proto.Message)
	if !ok {
		return rpcstatus.Refuse(codes.Internal, rpcstatus.ReasonInternal, "internal error")
	}
	buf := w.data.MaterializeToBuffer(mem.DefaultBufferPool())
	defer buf.Free()
	if err := proto.Unmarshal(buf.ReadOnlyData(), msg); err != nil {
		proto.Reset(msg)
		return undecodable(msg, err)
	}
	return nil
}

func undecodable(m proto.Message, err error) *rpcstatus.Refusal {
	if m == nil {
		return rpcstatus.Refuse(codes.InvalidArgument, rpcstatus.ReasonUndecodable, "the request does not decode: %v", err)
	}
	return rpcstatus.Refuse(codes.InvalidArgument, rpcstatus.ReasonUndecodable, "the request is not a valid %s: %v", m.ProtoReflect().Descriptor().FullName(), err)
}

// Undecodable is the refusal of a request that does not decode as m, or
// at all if m is nil (INVALID_ARGUMENT, UNDECODABLE_REQUEST, with its ErrorInfo), as a gRPC
// status error: a transcoder in front of the service that decodes
// requests itself (REST and the Connect protocol's JSON) refuses with it,
// as the service refuses bytes that are not protobuf.
func Undecodable(m proto.Message, err error) error {
	return rpcstatus.ToStatus(context.Background(), nil, undecodable(m, err))
}

// MessageTooLarge is the refusal of a request over limit bytes
// (RESOURCE_EXHAUSTED, MESSAGE_TOO_LARGE, metadata limit), as a gRPC
// status error, for a transcoder that reads requests itself.
func MessageTooLarge(limit int) error {
	return rpcstatus.ToStatus(context.Background(), nil, tooLarge(limit, "the request is over the limit of %d bytes", limit))
}

func tooLarge(limit int, format string, args ...any) *rpcstatus.Refusal {
	ref := rpcstatus.Refuse(codes.ResourceExhausted, rpcstatus.ReasonMessageTooLarge, format, args...)
	ref.Meta = map[string]string{"limit": strconv.Itoa(limit)}
	return ref
}

// ReadingRequests returns desc with each unary method reading its request
// as the edge needs: the request is decoded by the method's handler, and
// one that does not decode reaches the interceptors (and is refused at the
// edge) rather than failing in gRPC. Register every service of a server
// whose requests pass the edge with it.
func ReadingRequests(desc *grpc.ServiceDesc) *grpc.ServiceDesc {
	out := *desc
	out.Methods = make([]grpc.MethodDesc, len(desc.Methods))
	for i, m := range desc.Methods {
		out.Methods[i] = grpc.MethodDesc{MethodName: m.MethodName, Handler: readingRequest(m.Handler)}
	}
	return &out
}

// unreadKey is the context key of a unary request's decoding refusal.
type unreadKey struct{}

// readingRequest is h decoding its request itself.
func readingRequest(h grpc.MethodHandler) grpc.MethodHandler {
	return func(srv any, ctx context.Context, dec func(any) error, next grpc.UnaryServerInterceptor) (any, error) {
		var unread error
		read := func(in any) error {
			var w wireRequest
			if err := dec(&w); err != nil {
				return err // gRPC has answered already (no message, a second one)
			}
			unread = w.decodeInto(in)
			return nil
		}
		return h(srv, ctx, read, func(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
			if unread != nil {
				ctx = context.WithValue(ctx, unreadKey{}, unread)
			}
			if next == nil {
				if unread != nil {
					return nil, rpcstatus.ToStatus(ctx, nil, unread)
				}
				return handler(ctx, req)
			}
			return next(ctx, req, info, handler)
		})
	}
}

// StreamRead is the first stream interceptor: its stream decodes each
// message it receives, below every other interceptor's, which see the
// decoded message or the refusal.
func StreamRead(srv any, ss grpc.ServerStream, _ *grpc.StreamServerInfo, h grpc.StreamHandler) error {
	return h(srv, readStream{ss})
}

// readStream decodes the messages of a stream.
type readStream struct{ grpc.ServerStream }

// RecvMsg implements grpc.ServerStream.
func (r readStream) RecvMsg(m any) error {
	var w wireRequest
	if err := r.ServerStream.RecvMsg(&w); err != nil {
		return err
	}
	return w.decodeInto(m)
}

// MessageCeiling is how many times Edge.MaxBytes a server accepts to
// decode, so that the edge can refuse such requests with a reason
// (grpc.MaxRecvMsgSize).
const MessageCeiling = 4

// Edge admits requests: a message that did not decode, or that is over
// MaxBytes bytes (<= 0: no limit of the service's own), or whose strings
// break their fields' rules, is refused before any handler sees it.
type Edge struct{ MaxBytes int }

// admit checks a decoded request at the edge.
func (e Edge) admit(req any) error {
	m, ok := req.(proto.Message)
	if !ok {
		return nil
	}
	if n := proto.Size(m); e.MaxBytes > 0 && n > e.MaxBytes {
		return tooLarge(e.MaxBytes, "the request is %d bytes; the limit is %d", n, e.MaxBytes)
	}
	if m.ProtoReflect().Descriptor().ParentFile().Package() != "moonshine.v1" {
		return nil // gRPC health and reflection
	}
	return checkStrings(m)
}

// Unary is the interceptor that admits unary requests.
func (e Edge) Unary(ctx context.Context, req any, _ *grpc.UnaryServerInfo, h grpc.UnaryHandler) (any, error) {
	if err, ok := ctx.Value(unreadKey{}).(error); ok {
		return nil, err
	}
	if err := e.admit(req); err != nil {
		return nil, err
	}
	return h(ctx, req)
}

// Stream is the interceptor that admits each message a stream receives.
func (e Edge) Stream(srv any, ss grpc.ServerStream, _ *grpc.StreamServerInfo, h grpc.StreamHandler) error {
	return h(srv, &admittedStream{ServerStream: ss, edge: e})
}

// admittedStream admits each message it receives.
type admittedStream struct {
	grpc.ServerStream
	edge Edge
}

// RecvMsg implements grpc.ServerStream.
func (a *admittedStream) RecvMsg(m any) error {
	if err := a.ServerStream.RecvMsg(m); err != nil {
		return err
	}
	return a.edge.admit(m)
}
