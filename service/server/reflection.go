package server

import (
	"github.com/moonshine-games/moonshine/proto/apidoc"
	"google.golang.org/grpc"
	"google.golang.org/grpc/reflection"
	reflectionv1 "google.golang.org/grpc/reflection/grpc_reflection_v1"
	reflectionv1alpha "google.golang.org/grpc/reflection/grpc_reflection_v1alpha"
	"google.golang.org/protobuf/reflect/protodesc"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"
)

// registerReflection registers gRPC server reflection (v1 and v1alpha,
// which older grpcurl builds ask for) answering from the .proto files
// with their comments (apidoc.Files), and from the compiled-in
// descriptors for the rest (gRPC health, reflection itself).
func registerReflection(gs *grpc.Server) {
	opts := reflection.ServerOptions{Services: gs, DescriptorResolver: withComments{apidoc.Files()}}
	reflectionv1.RegisterServerReflectionServer(gs, reflection.NewServerV1(opts))
	reflectionv1alpha.RegisterServerReflectionServer(gs, reflection.NewServer(opts))
}

// withComments resolves from the commented files first.
type withComments struct{ files *protoregistry.Files }

var _ protodesc.Resolver = withComments{}

func (w withComments) FindFileByPath(path string) (protoreflect.FileDescriptor, error) {
	if fd, err := w.files.FindFileByPath(path); err == nil {
		return fd, nil
	}
	return protoregistry.GlobalFiles.FindFileByPath(path)
}

func (w withComments) FindDescriptorByName(name protoreflect.FullName) (protoreflect.Descriptor, error) {
	if d, err := w.files.FindDescriptorByName(name); err == nil {
		return d, nil
	}
	return protoregistry.GlobalFiles.FindDescriptorByName(name)
}
