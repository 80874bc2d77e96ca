// Tests of the hand-written helpers against an in-memory GameService
// (connect's router transport: real Connect framing, no network).

import { test } from "node:test";
import assert from "node:assert/strict";
import { Code, ConnectError, createClient, createRouterTransport } from "@connectrpc/connect";
import { create } from "@bufbuild/protobuf";
import { GameService, PromptUpdateSchema } from "../src/gen/moonshine/v1/game_service_pb.js";
import { EventSchema, TalkEventSchema } from "../src/gen/moonshine/v1/game_pb.js";
import { ErrorInfoSchema, RetryInfoSchema } from "../src/gen/google/rpc/error_details_pb.js";
import { refusalOf, submitCommand, watchGame } from "../src/index.js";

const retryIn = (ms: number) => ({ desc: RetryInfoSchema, value: { retryDelay: { seconds: 0n, nanos: ms * 1e6 } } });
const reason = (r: string, metadata: Record<string, string> = {}) => ({
  desc: ErrorInfoSchema,
  value: { reason: r, domain: "moonshine.games", metadata },
});

test("watchGame resumes from the last seq after the server drops the stream", async () => {
  const asked: bigint[] = [];
  const transport = createRouterTransport(({ service }) => {
    service(GameService, {
      async *watchGame(req) {
        asked.push(req.afterSeq);
        if (asked.length === 1) {
          yield { events: [create(EventSchema, { seq: 1n }), create(EventSchema, { seq: 2n })] };
          throw new ConnectError("shutting down", Code.Unavailable, undefined, [
            reason("SERVER_SHUTTING_DOWN", { resume_after_seq: "2" }),
            retryIn(5),
          ]);
        }
        yield { events: [create(EventSchema, { seq: 2n }), create(EventSchema, { seq: 3n })] }; // a repeat is not delivered twice
        yield { gameOver: { lastSeq: 3n } };
      },
    });
  });
  const seen: bigint[] = [];
  const waits: number[] = [];
  const last = await watchGame(createClient(GameService, transport), { gameId: "g" }, {
    onEvent: (e) => seen.push(e.seq),
    onReconnect: (_err, ms) => waits.push(ms),
  });
  assert.deepEqual(seen, [1n, 2n, 3n]);
  assert.deepEqual(asked, [0n, 2n]);
  assert.deepEqual(waits, [5], "the wait is RetryInfo's");
  assert.equal(last, 3n);
});

test("watchGame asks for the batched stream and delivers an append's events together, then its prompt update", async () => {
  const requests: { batched: boolean; prompts: boolean; talk: boolean }[] = [];
  const update = (version: bigint, seat: number) => create(PromptUpdateSchema, { version, waiting: [{ seat, mustAct: true }] });
  const transport = createRouterTransport(({ service }) => {
    service(GameService, {
      async *watchGame(req) {
        requests.push({ batched: req.batched, prompts: req.prompts, talk: req.talk });
        yield { events: [1n, 2n].map((seq) => create(EventSchema, { seq })), prompt: update(2n, 0) }; // the catch-up, with the update at its end
        yield { talk: create(TalkEventSchema, { seq: 1n }) };
        yield { events: [3n, 4n, 5n].map((seq) => create(EventSchema, { seq })), prompt: update(5n, 1) }; // one command's append
        yield { prompt: update(5n, 2) }; // an update alone
        yield { gameOver: { lastSeq: 5n } };
      },
    });
  });
  const calls: string[] = [];
  const last = await watchGame(createClient(GameService, transport), { gameId: "g", prompts: true, talk: true }, {
    onEvent: (e) => calls.push(`event ${e.seq}`),
    onEvents: (evs) => calls.push(`events ${evs.map((e) => e.seq).join(",")}`),
    onPrompt: (u) => calls.push(`prompt at ${u.version}: seat ${u.waiting.map((w) => w.seat).join(",")}`),
    onTalk: (t) => calls.push(`talk ${t.seq}`),
    onGameOver: (o) => calls.push(`over at ${o.lastSeq}`),
  });
  assert.deepEqual(requests, [{ batched: true, prompts: true, talk: true }]);
  assert.deepEqual(calls, [
    "event 1",
    "event 2",
    "events 1,2",
    "prompt at 2: seat 0",
    "talk 1",
    "event 3",
    "event 4",
    "event 5",
    "events 3,4,5",
    "prompt at 5: seat 1",
    "prompt at 5: seat 2",
    "over at 5",
  ]);
  assert.equal(last, 5n);
});

test("watchGame reads a server that sends one event a message alike", async () => {
  const transport = createRouterTransport(({ service }) => {
    service(GameService, {
      async *watchGame() {
        yield { event: create(EventSchema, { seq: 1n }) };
        yield { event: create(EventSchema, { seq: 2n }) };
        yield { prompt: create(PromptUpdateSchema, { version: 2n }) };
        yield { gameOver: { lastSeq: 2n } };
      },
    });
  });
  const calls: string[] = [];
  await watchGame(createClient(GameService, transport), { gameId: "g", prompts: true }, {
    onEvent: (e) => calls.push(`event ${e.seq}`),
    onEvents: (evs) => calls.push(`events ${evs.map((e) => e.seq).join(",")}`),
    onPrompt: (u) => calls.push(`prompt at ${u.version}`),
  });
  assert.deepEqual(calls, ["event 1", "events 1", "event 2", "events 2", "prompt at 2"]);
});

test("watchGame gives up on a refusal", async () => {
  const transport = createRouterTransport(({ service }) => {
    service(GameService, {
      // eslint-disable-next-line require-yield
      async *watchGame() {
        throw new ConnectError("no such game", Code.NotFound, undefined, [reason("GAME_NOT_FOUND")]);
      },
    });
  });
  await assert.rejects(watchGame(createClient(GameService, transport), { gameId: "g" }), (err: unknown) => {
    assert.equal(refusalOf(err).reason, "GAME_NOT_FOUND");
    return true;
  });
});

test("submitCommand retries a dropped call with the same command id, and not a refusal", async () => {
  const ids: string[] = [];
  const transport = createRouterTransport(({ service }) => {
    service(GameService, {
      submitCommand(req) {
        ids.push(req.commandId);
        if (ids.length === 1) throw new ConnectError("database unreachable", Code.Unavailable, undefined, [retryIn(1)]);
        if (req.gameId === "refused") {
          throw new ConnectError("not your turn", Code.FailedPrecondition, undefined, [reason("NOT_YOUR_TURN")]);
        }
        return { firstSeq: 7n, lastSeq: 7n, label: "pass" };
      },
    });
  });
  const client = createClient(GameService, transport);
  const res = await submitCommand(client, { gameId: "g" });
  assert.equal(res.label, "pass");
  assert.equal(ids.length, 2);
  assert.ok(ids[0].length > 0 && ids[0] === ids[1], `the retry kept the id: ${ids}`);

  await assert.rejects(submitCommand(client, { gameId: "refused", commandId: "c9" }), (err: unknown) => {
    const r = refusalOf(err);
    assert.equal(r.code, Code.FailedPrecondition);
    assert.equal(r.reason, "NOT_YOUR_TURN");
    return true;
  });
  assert.equal(ids.length, 3, "a refusal is not retried");
});

test("submitCommand waits as RetryInfo asks on UNAVAILABLE, and backs off without one", async () => {
  let calls = 0;
  const transport = createRouterTransport(({ service }) => {
    service(GameService, {
      submitCommand(req) {
        calls++;
        if (calls === 1) throw new ConnectError("database unreachable", Code.Unavailable, undefined, [reason("STORE_UNAVAILABLE"), retryIn(30)]);
        if (calls === 2) throw new ConnectError("shutting down", Code.Unavailable); // no RetryInfo
        return { firstSeq: 1n, lastSeq: 1n, label: req.commandId };
      },
    });
  });
  const waits: number[] = [];
  const started = Date.now();
  await submitCommand(createClient(GameService, transport), { gameId: "g" }, { onRetry: (_e, ms) => waits.push(ms) });
  assert.equal(calls, 3);
  assert.equal(waits[0], 30, "the first wait is the server's RetryInfo delay");
  assert.ok(waits[1] >= 250 && waits[1] <= 500, `without RetryInfo, the second try backs off 250-500 ms (jittered): ${waits[1]}`);
  assert.ok(Date.now() - started >= waits[0] + waits[1], "it did wait");
});

test("a refusal's RetryInfo is read in milliseconds", () => {
  const err = new ConnectError("slow down", Code.ResourceExhausted, undefined, [
    reason("RATE_LIMITED"),
    { desc: RetryInfoSchema, value: { retryDelay: { seconds: 2n, nanos: 500e6 } } },
  ]);
  const r = refusalOf(err);
  assert.equal(r.reason, "RATE_LIMITED");
  assert.equal(r.retryAfterMs, 2500);
});
