// Package auth issues seat credentials and resolves who is calling.
//
// It sits in front of service/gameservice: a gRPC interceptor (through
// go-grpc-middleware's auth package) reads the bearer token from the
// "authorization" metadata key, and puts a [Caller] in the context: a seat
// (its game and seat number, found by the token's SHA-256 in the event
// store), the auditor (the configured token, compared in constant time) or a
// spectator (no token). A token that matches neither is refused with
// [ErrBadCredential]; it is never downgraded to a spectator. A
// [ClaimCache] remembers the claims found, so that a seat's calls are
// verified from memory.
//
// Beside the credential a call may carry a trusted client's API key
// ("x-api-key", see service/limits.Keys): the caller's APIKey names it,
// and limits count that client by its key rather than by its address. An
// unknown key is [ErrBadAPIKey].
//
// Credentials are 32 random bytes in unpadded base64url; only their SHA-256
// is stored.
package auth
