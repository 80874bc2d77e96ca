// Command openapi3 makes the OpenAPI 3.1 document the server serves at
// /openapi.json from the Swagger 2.0 document protoc-gen-openapiv2
// generates from the protos (proto/apidoc/moonshine.swagger.json), and
// adds what the protos cannot say:
//
//   - the security schemes (the bearer credential: a seat's, or the
//     auditor token; the x-api-key header of an app's key) and each
//     operation's requirement: optional, except for the operations that
//     act as a seat;
//   - the refusals: each operation's 4xx (and 503) responses, with the
//     error body's schema (google.rpc.Status, whose details are the
//     ErrorInfo with its reason, the BadRequest with its field
//     violations and the RetryInfo);
//   - the licence;
//   - WatchGame's stream as what it is (application/x-ndjson);
//   - a description beside a $ref kept (protoc-gen-openapiv2 writes one
//     for every message field with a comment, which OpenAPI 2.0 and 3.0
//     ignore and 3.1 reads).
//
// Run from proto/ (see buf.gen.yaml and .ci/run):
//
//	go run -modfile=../tools/go.mod ../tools/openapi3 apidoc/moonshine.swagger.json apidoc/moonshine.openapi.json
package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/getkin/kin-openapi/openapi2"
	"github.com/getkin/kin-openapi/openapi2conv"
	"github.com/getkin/kin-openapi/openapi3"
)

// licence is the contract's licence, as the packages' (package.json):
// the project has chosen none, so none is granted.
const licence = "UNLICENSED"

// actAsSeat are the operations that need a seat's credential (the service
// refuses them CREDENTIAL_REQUIRED without one). Every other operation
// takes a credential if it has one (a seat's, or the auditor's), and is a
// spectator's without.
var actAsSeat = []string{
	"GameService_SubmitCommand", "GameService_SendMessage", "GameService_LeaveSeat",
	"GameService_Resign", "GameService_RequestTakeback", "GameService_AnswerTakeback",
}

// refusals are the 4xx (and 503) statuses each operation may answer with,
// beside those of a request with a body.
var refusals = map[string]string{
	"400": "The request is not valid (INVALID_ARGUMENT: BAD_REQUEST with a BadRequest naming the field, UNDECODABLE_REQUEST, the game's own reasons), or the game's rules refuse it (FAILED_PRECONDITION).",
	"401": "The credential or the API key is not valid, or the operation needs a seat's (UNAUTHENTICATED: BAD_CREDENTIAL, BAD_API_KEY, CREDENTIAL_REQUIRED).",
	"403": "The caller may not do or see this (PERMISSION_DENIED: NOT_YOUR_SEAT, NOT_YOUR_GAME, NOT_VISIBLE, ...).",
	"404": "No such game (NOT_FOUND: GAME_NOT_FOUND), or no operation at this path (UNKNOWN_METHOD).",
	"405": "The path is an operation's, not with this HTTP method (METHOD_NOT_ALLOWED; the Allow header names those that are).",
	"409": "A conflict (ABORTED: VERSION_CONFLICT; ALREADY_EXISTS: SEAT_TAKEN, COMMAND_ID_REUSED).",
	"429": "Too many requests or streams (RESOURCE_EXHAUSTED: RATE_LIMITED with a RetryInfo, TOO_MANY_STREAMS).",
	"503": "The game store cannot be reached, or the server is shutting down (UNAVAILABLE: STORE_UNAVAILABLE with a RetryInfo); retry.",
}

// bodyRefusals are the further refusals of a request with a body.
var bodyRefusals = map[string]string{
	"413": "The request is over the size limit, as sent or once decompressed (RESOURCE_EXHAUSTED: MESSAGE_TOO_LARGE, metadata limit).",
	"415": "A content type or encoding the server does not read (UNSUPPORTED_MEDIA_TYPE): send JSON, Content-Type: application/json.",
}

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: openapi3 SWAGGER.json OUT.json")
		os.Exit(2)
	}
	if err := run(os.Args[1], os.Args[2]); err != nil {
		fmt.Fprintln(os.Stderr, "openapi3:", err)
		os.Exit(1)
	}
}

func run(in, out string) error {
	b, err := os.ReadFile(in)
	if err != nil {
		return err
	}
	var raw any
	if err := json.Unmarshal(b, &raw); err != nil {
		return err
	}
	if b, err = json.Marshal(refSiblings(raw)); err != nil {
		return err
	}
	var doc2 openapi2.T
	if err := json.Unmarshal(b, &doc2); err != nil {
		return err
	}
	doc, err := openapi2conv.ToV3(&doc2)
	if err != nil {
		return err
	}
	doc.Servers = openapi3.Servers{{URL: "/", Description: "The server that serves this document: REST/JSON beside gRPC, gRPC-Web and the Connect protocol on one port."}}
	doc.Info.License = &openapi3.License{Name: licence}
	addSecurity(doc)
	addRefusals(doc)
	watchAsNDJSON(doc)
	if err := doc.Validate(openapi3.NewLoader().Context); err != nil {
		return fmt.Errorf("the document is not valid OpenAPI 3: %w", err)
	}
	j, err := json.Marshal(doc)
	if err != nil {
		return err
	}
	// OpenAPI 3.1, whose schemas are JSON Schema's: a $ref may have
	// siblings, and the single allOf goes.
	var doc31 map[string]any
	if err := json.Unmarshal(j, &doc31); err != nil {
		return err
	}
	doc31["openapi"] = "3.1.0"
	if j, err = json.Marshal(bareRefs(doc31)); err != nil {
		return err
	}
	var pretty bytes.Buffer
	if err := json.Indent(&pretty, j, "", "  "); err != nil {
		return err
	}
	pretty.WriteByte('\n')
	return os.WriteFile(out, pretty.Bytes(), 0o644)
}

// addSecurity declares the schemes and each operation's requirement.
func addSecurity(doc *openapi3.T) {
	doc.Components.SecuritySchemes = openapi3.SecuritySchemes{
		"credential": {Value: &openapi3.SecurityScheme{Type: "http", Scheme: "bearer",
			Description: "A seat's credential (JoinGame returns it once) or the auditor token, as Authorization: Bearer <token>. Without one the caller is a spectator. (CancelGame and RotateCredential take the creator credential in the body.)"}},
		"apiKey": {Value: &openapi3.SecurityScheme{Type: "apiKey", In: "header", Name: "x-api-key",
			Description: "An app backend's key: its game creations and seat claims count against the key's rate, not its address's. Sent beside any credential."}},
	}
	for _, p := range doc.Paths.Map() {
		for _, op := range p.Operations() {
			req := openapi3.SecurityRequirements{
				{"credential": {}},
				{"credential": {}, "apiKey": {}},
			}
			if !slices.Contains(actAsSeat, op.OperationID) {
				req = append(openapi3.SecurityRequirements{{}, {"apiKey": {}}}, req...)
			}
			op.Security = &req
		}
	}
}

// addRefusals gives the error body its schema and each operation its
// refusals.
func addRefusals(doc *openapi3.T) {
	s := doc.Components.Schemas
	str := func(desc string) *openapi3.SchemaRef {
		return &openapi3.SchemaRef{Value: &openapi3.Schema{Type: &openapi3.Types{"string"}, Description: desc}}
	}
	detail := func(name, typ, desc string, props openapi3.Schemas, required ...string) {
		props["@type"] = &openapi3.SchemaRef{Value: &openapi3.Schema{Type: &openapi3.Types{"string"}, Enum: []any{typ}}}
		s[name] = &openapi3.SchemaRef{Value: &openapi3.Schema{Type: &openapi3.Types{"object"}, Description: desc,
			Properties: props, Required: append([]string{"@type"}, required...)}}
	}
	detail("ErrorInfo", "type.googleapis.com/google.rpc.ErrorInfo",
		"Every refusal carries one: switch on its reason (docs/service.md lists them).", openapi3.Schemas{
			"reason":   str("The refusal's stable reason, e.g. NOT_YOUR_TURN."),
			"domain":   str("Always moonshine.games."),
			"metadata": {Value: &openapi3.Schema{Type: &openapi3.Types{"object"}, AdditionalProperties: openapi3.AdditionalProperties{Schema: str("")}, Description: "Facts of the refusal, e.g. actual_version, limit, resume_after_seq."}},
		}, "reason", "domain")
	violation := &openapi3.SchemaRef{Value: &openapi3.Schema{Type: &openapi3.Types{"object"}, Properties: openapi3.Schemas{
		"field":       str("The field's path in the request, in the names the client sent (commandId, config.botSeats)."),
		"description": str("What is wrong with it."),
	}}}
	detail("BadRequest", "type.googleapis.com/google.rpc.BadRequest", "Names the field at fault of a BAD_REQUEST.", openapi3.Schemas{
		"fieldViolations": {Value: &openapi3.Schema{Type: &openapi3.Types{"array"}, Items: violation}},
	}, "fieldViolations")
	detail("RetryInfo", "type.googleapis.com/google.rpc.RetryInfo", "How long to wait before retrying (RATE_LIMITED, STORE_UNAVAILABLE).", openapi3.Schemas{
		"retryDelay": str(`A duration in seconds, e.g. "0.250s".`),
	}, "retryDelay")
	status := s["Status"].Value
	status.Description = "A refusal: its gRPC code, a message for people, and its details (an ErrorInfo always; a BadRequest or RetryInfo where they apply; any other detail as an Any)."
	status.Properties["code"].Value.Description = "The gRPC code (3 INVALID_ARGUMENT, 5 NOT_FOUND, 9 FAILED_PRECONDITION, 16 UNAUTHENTICATED, ...)."
	status.Properties["message"].Value.Description = "What is wrong, for people; switch on the ErrorInfo's reason instead."
	ref := func(name string) *openapi3.SchemaRef {
		return openapi3.NewSchemaRef("#/components/schemas/"+name, s[name].Value)
	}
	status.Properties["details"].Value.Items = &openapi3.SchemaRef{Value: &openapi3.Schema{AnyOf: openapi3.SchemaRefs{
		ref("ErrorInfo"), ref("BadRequest"), ref("RetryInfo"), ref("Any"),
	}}}
	status.Required = []string{"code", "message", "details"}
	doc.Components.Responses = openapi3.ResponseBodies{}
	for code, desc := range merged(refusals, bodyRefusals) {
		doc.Components.Responses["Refusal"+code] = &openapi3.ResponseRef{Value: openapi3.NewResponse().WithDescription(desc).
			WithContent(openapi3.NewContentWithJSONSchemaRef(ref("Status")))}
	}
	for _, p := range doc.Paths.Map() {
		for _, op := range p.Operations() {
			codes := refusals
			if op.RequestBody != nil {
				codes = merged(refusals, bodyRefusals)
			}
			for code := range codes {
				op.Responses.Set(code, &openapi3.ResponseRef{Ref: "#/components/responses/Refusal" + code, Value: doc.Components.Responses["Refusal"+code].Value})
			}
			if d := op.Responses.Default(); d != nil && d.Value != nil {
				d.Value.WithDescription("Any other refusal (500 INTERNAL, 504 DEADLINE_EXCEEDED, ...).")
			}
		}
	}
}

func merged(a, b map[string]string) map[string]string {
	out := map[string]string{}
	for k, v := range a {
		out[k] = v
	}
	for k, v := range b {
		out[k] = v
	}
	return out
}

// watchAsNDJSON says what WatchGame over REST answers: newline-delimited
// JSON, one object a line.
func watchAsNDJSON(doc *openapi3.T) {
	for path, p := range doc.Paths.Map() {
		if !strings.HasSuffix(path, "/events:watch") || p.Get == nil {
			continue
		}
		ok := p.Get.Responses.Status(200)
		media := ok.Value.Content.Get("application/json")
		ok.Value.WithDescription("A stream of newline-delimited JSON objects: {\"result\": <WatchGameResponse>} a line, and a last {\"error\": <Status>} if the stream fails after it began.")
		ok.Value.Content = openapi3.Content{"application/x-ndjson": media}
	}
}

// bareRefs turns each allOf of one $ref back into the $ref, with its
// siblings beside it, as OpenAPI 3.1 reads them.
func bareRefs(v any) any {
	switch v := v.(type) {
	case map[string]any:
		for k, e := range v {
			v[k] = bareRefs(e)
		}
		if all, ok := v["allOf"].([]any); ok && len(all) == 1 {
			if only, ok := all[0].(map[string]any); ok && len(only) == 1 && only["$ref"] != nil {
				delete(v, "allOf")
				v["$ref"] = only["$ref"]
			}
		}
	case []any:
		for i, e := range v {
			v[i] = bareRefs(e)
		}
	}
	return v
}

// refSiblings rewrites each $ref of the Swagger document that has
// siblings (a field's description, a redundant type) as allOf of the
// ref, with the siblings beside it, in which form they are not ignored.
func refSiblings(v any) any {
	switch v := v.(type) {
	case map[string]any:
		for k, e := range v {
			v[k] = refSiblings(e)
		}
		if ref, ok := v["$ref"]; ok && len(v) > 1 {
			delete(v, "$ref")
			delete(v, "type")
			v["allOf"] = []any{map[string]any{"$ref": ref}}
		}
	case []any:
		for i, e := range v {
			v[i] = refSiblings(e)
		}
	}
	return v
}
