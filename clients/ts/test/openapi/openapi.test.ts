// A client generated from the server's OpenAPI document (/openapi.json,
// proto/apidoc/moonshine.openapi.json) by openapi-typescript, called with
// openapi-fetch, as a frontend developer who knows nothing of protobuf
// would: create a game, join it, submit a command and read a refusal. It
// runs against a real server: `go test ./service/server -run
// GeneratedOpenAPIClient` starts one on PostgreSQL and runs this file with
// MOONSHINE_URL set (CI does); without it the test is skipped.

import { test } from "node:test";
import assert from "node:assert/strict";
import createClient from "openapi-fetch";
import type { components, paths } from "./schema.js";

type Status = components["schemas"]["Status"];
type ErrorInfo = components["schemas"]["ErrorInfo"];
type BadRequest = components["schemas"]["BadRequest"];

const errorInfo = (s: Status) =>
  s.details.find((d): d is ErrorInfo => d["@type"] === "type.googleapis.com/google.rpc.ErrorInfo");
const badRequest = (s: Status) =>
  s.details.find((d): d is BadRequest => d["@type"] === "type.googleapis.com/google.rpc.BadRequest");

const baseUrl = process.env.MOONSHINE_URL;

test(
  "a client generated from the OpenAPI document creates, joins, submits and reads a refusal",
  { skip: baseUrl ? false : "MOONSHINE_URL is not set (go test ./service/server -run GeneratedOpenAPIClient sets it)" },
  async () => {
    const api = createClient<paths>({ baseUrl });

    const created = await api.POST("/v1/games", {
      body: { game: "booze-barons", config: { players: 3, botSeats: [1, 2] } },
    });
    assert.equal(created.response.status, 200, JSON.stringify(created.error));
    const gameId = created.data?.game?.gameId;
    assert.ok(gameId);

    const joined = await api.POST("/v1/games/{gameId}:join", { params: { path: { gameId } }, body: { name: "alice" } });
    assert.equal(joined.response.status, 200, JSON.stringify(joined.error));
    assert.equal(joined.data?.seat, 0);
    const headers = { Authorization: `Bearer ${joined.data?.credential}` };

    const view = await api.GET("/v1/games/{gameId}/view", { params: { path: { gameId } }, headers });
    const prompt = view.data?.view?.prompt;
    assert.ok(prompt?.mustAct && prompt.legal?.length, JSON.stringify(view.data));

    const played = await api.POST("/v1/games/{gameId}/commands", {
      params: { path: { gameId } },
      headers,
      body: { commandId: "first", command: prompt.legal[0] },
    });
    assert.equal(played.response.status, 200, JSON.stringify(played.error));
    assert.ok(played.data?.events?.length);
    assert.equal(played.data?.label, prompt.legalLabels?.[0]);

    // A refusal: a command id with a space. The error body is typed.
    const refused = await api.POST("/v1/games/{gameId}/commands", {
      params: { path: { gameId } },
      headers,
      body: { commandId: "a b", command: prompt.legal[0] },
    });
    assert.equal(refused.response.status, 400);
    assert.ok(refused.error);
    assert.equal(refused.error.code, 3);
    assert.equal(errorInfo(refused.error)?.reason, "BAD_REQUEST");
    assert.equal(badRequest(refused.error)?.fieldViolations[0]?.field, "commandId");

    // Without the seat's credential an act is refused, as the document's
    // security says.
    const anonymous = await api.POST("/v1/games/{gameId}/commands", {
      params: { path: { gameId } },
      body: { commandId: "second", command: prompt.legal[0] },
    });
    assert.equal(anonymous.response.status, 401);
    assert.equal(anonymous.error && errorInfo(anonymous.error)?.reason, "CREDENTIAL_REQUIRED");
  },
);
