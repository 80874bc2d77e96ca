package httpapi

import (
	"context"
	"strings"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"
	"google.golang.org/protobuf/types/known/anypb"
)

// A refusal names the field at fault by its path in the request
// (google.rpc.BadRequest), in the names the service uses: the proto
// names (command_id, config.bot_seats). A client of a JSON protocol (REST,
// the Connect protocol or gRPC-Web with JSON) sent the JSON names
// (commandId, config.botSeats): the outermost interceptors rewrite the
// paths of its refusals into those, and the start of the message that
// repeats the path. The HTTP edge notes in the call's context whether it
// came as JSON (isJSONWire).

// JSONNamesUnary rewrites the field paths of a JSON call's refusal.
func JSONNamesUnary(ctx context.Context, req any, info *grpc.UnaryServerInfo, h grpc.UnaryHandler) (any, error) {
	resp, err := h(ctx, req)
	if err != nil && isJSONWire(ctx) {
		err = withJSONNames(info.FullMethod, err)
	}
	return resp, err
}

// JSONNamesStream is JSONNamesUnary for streams.
func JSONNamesStream(srv any, ss grpc.ServerStream, info *grpc.StreamServerInfo, h grpc.StreamHandler) error {
	err := h(srv, ss)
	if err != nil && isJSONWire(ss.Context()) {
		err = withJSONNames(info.FullMethod, err)
	}
	return err
}

// withJSONNames is err with the field paths of its BadRequest in JSON
// names of method's request.
func withJSONNames(method string, err error) error {
	st, ok := status.FromError(err)
	if !ok {
		return err
	}
	d, derr := protoregistry.GlobalFiles.FindDescriptorByName(protoreflect.FullName(strings.ReplaceAll(strings.TrimPrefix(method, "/"), "/", ".")))
	md, ok := d.(protoreflect.MethodDescriptor)
	if derr != nil || !ok {
		return err
	}
	p := st.Proto()
	changed := false
	for i, detail := range p.GetDetails() {
		var br errdetails.BadRequest
		if detail.UnmarshalTo(&br) != nil {
			continue
		}
		for _, v := range br.GetFieldViolations() {
			name := jsonPath(md.Input(), v.GetField())
			if name == v.GetField() {
				continue
			}
			if rest, ok := strings.CutPrefix(p.GetMessage(), v.GetField()+": "); ok {
				p.Message = name + ": " + rest
			}
			v.Field, changed = name, true
		}
		if a, aerr := anypb.New(&br); aerr == nil && changed {
			p.Details[i] = a
		}
	}
	if !changed {
		return err
	}
	return status.ErrorProto(p)
}

// jsonPath is a field path of message md (fields by their proto names,
// joined by dots, a list's or a map's element in brackets:
// command.moonshine_kingdom.propose_deal.terms[0].text) in JSON names. A
// part it does not find is left as it is, and so is the rest.
func jsonPath(md protoreflect.MessageDescriptor, path string) string {
	parts := strings.Split(path, ".")
	for i, part := range parts {
		if md == nil {
			break
		}
		name, index, _ := strings.Cut(part, "[")
		fd := md.Fields().ByName(protoreflect.Name(name))
		if fd == nil {
			break
		}
		if index != "" {
			index = "[" + index
		}
		parts[i] = fd.JSONName() + index
		if fd.IsMap() {
			fd = fd.MapValue()
		}
		md = fd.Message()
	}
	return strings.Join(parts, ".")
}
