package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/moonshine-games/moonshine/cmd/internal/tlsprobe"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/encoding/protojson"
)

// failure is what the CLI reports of a failed command: with --json, as
// one JSON object on stderr; otherwise as a sentence.
type failure struct {
	// Code is the gRPC code of a refusal ("InvalidArgument"), "Unreachable"
	// when no server answered, "Usage" for a mistake on the command line,
	// and "Error" for anything else.
	Code string `json:"code"`
	// Reason is the refusal's stable google.rpc.ErrorInfo reason.
	Reason string `json:"reason,omitempty"`
	// Message says what went wrong, in words, once.
	Message string `json:"message"`
	// Details are the refusal's google.rpc details in protojson, each with
	// its "@type".
	Details []json.RawMessage `json:"details,omitempty"`
	// Usage is the command's synopsis, for a usage mistake.
	Usage string `json:"usage,omitempty"`
}

// failureOf describes err, which a call to the server at addr returned.
func failureOf(err error, addr string) failure {
	var ue *usageError
	if errors.As(err, &ue) {
		return failure{Code: "Usage", Message: ue.msg}
	}
	st, ok := status.FromError(err)
	if !ok {
		return failure{Code: "Error", Message: err.Error()}
	}
	f := failure{Code: st.Code().String(), Message: st.Message()}
	var extra []string
	for _, d := range st.Details() {
		switch d := d.(type) {
		case *errdetails.ErrorInfo:
			f.Reason = d.GetReason()
		case *errdetails.BadRequest:
			for _, v := range d.GetFieldViolations() {
				if !strings.Contains(f.Message, v.GetDescription()) {
					extra = append(extra, fmt.Sprintf("%s: %s", v.GetField(), v.GetDescription()))
				}
			}
		case *errdetails.RetryInfo:
			extra = append(extra, fmt.Sprintf("retry after %s", d.GetRetryDelay().AsDuration()))
		}
	}
	for _, a := range st.Proto().GetDetails() {
		if b, err := protojson.Marshal(a); err == nil {
			f.Details = append(f.Details, json.RawMessage(b))
		}
	}
	if len(extra) > 0 {
		f.Message += " (" + strings.Join(extra, "; ") + ")"
	}
	if st.Code() == codes.Unavailable && f.Reason == "" { // the transport's, not the server's
		f.Code, f.Message = "Unreachable", unreachable(addr, st.Message())
	}
	return f
}

// unreachable says in a sentence that no server answered at addr, and
// what to do, from the transport's message.
func unreachable(addr, msg string) string {
	cause := "it does not answer"
	switch {
	case strings.Contains(msg, "connection refused"):
		cause = "nothing listens there"
	case strings.Contains(msg, "server preface"), strings.Contains(msg, "HTTP/1.1"):
		cause = "what answers there does not speak gRPC"
	case strings.Contains(msg, "no such host"):
		cause = "no such host"
	case strings.Contains(msg, "deadline"), strings.Contains(msg, "timeout"):
		cause = "it did not answer in time"
	}
	return fmt.Sprintf("cannot reach a Moonshine server at %s (%s): start one with `moonshined` (or `go run ./cmd/moonshined`), or give its address with --addr or MOONSHINE_ADDR", addr, cause)
}

// tlsAnswer is what the server's address speaks, as a probe found.
type tlsAnswer = tlsprobe.Answer

// speaks probes, once per invocation, whether the server speaks TLS.
func (c *cli) speaks() tlsAnswer {
	if c.probed == nil {
		a := tlsprobe.Probe(c.ctx, c.addr)
		c.probed = &a
	}
	return *c.probed
}

// tlsMismatch says in a sentence when a failed dial is the CLI and the
// server disagreeing on TLS, or the server's certificate refused: no
// retry helps then. Otherwise it returns "".
func (c *cli) tlsMismatch(err error) string {
	msg := status.Convert(err).Message()
	switch {
	case failureOf(err, c.addr).Code != "Unreachable",
		strings.Contains(msg, "connection refused"), strings.Contains(msg, "no such host"):
		return ""
	case c.usesTLS() && (strings.Contains(msg, "certificate") || strings.Contains(msg, "x509")):
		return fmt.Sprintf("the TLS certificate of the server at %s is not accepted (%s): pass --ca FILE with the authority that signed it, "+
			"or --server-name NAME with the name the certificate carries", c.addr, certReason(msg))
	}
	switch a := c.speaks(); {
	case !c.usesTLS() && a == tlsprobe.TLS:
		return fmt.Sprintf("this server speaks TLS (%s): pass --tls (or set MOONSHINE_TLS=true), and --ca FILE if this machine does not trust its certificate", c.addr)
	case c.usesTLS() && a == tlsprobe.Plaintext:
		return fmt.Sprintf("this server does not speak TLS (%s): drop --tls, --ca and --server-name (or MOONSHINE_TLS, MOONSHINE_CA and MOONSHINE_SERVER_NAME)", c.addr)
	}
	return ""
}

// certReason is the certificate's fault as the TLS stack says it: the
// message's tail from "x509:" or "tls:".
func certReason(msg string) string {
	for _, mark := range []string{"x509: ", "tls: "} {
		if i := strings.Index(msg, mark); i >= 0 {
			return strings.TrimSuffix(msg[i:], "\"")
		}
	}
	return msg
}

// unreachable says why no server answered at the address, and what to do.
func (c *cli) unreachable(err error) string {
	if s := c.tlsMismatch(err); s != "" {
		return s
	}
	return unreachable(c.addr, status.Convert(err).Message())
}

// sentence writes a failure for people: its message, then the reason and
// code in brackets.
func (f failure) sentence() string {
	switch f.Code {
	case "Usage", "Error", "Unreachable":
		return f.Message
	}
	if f.Reason != "" {
		return fmt.Sprintf("%s [%s, %s]", f.Message, f.Reason, f.Code)
	}
	return fmt.Sprintf("%s [%s]", f.Message, f.Code)
}
