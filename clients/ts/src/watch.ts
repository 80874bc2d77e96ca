// Following a game: WatchGame, batched (each append's events in one
// response, with the prompt update at their end), reconnected from the
// last seq seen whenever the stream drops, so that the caller sees every
// event once, in order, across server restarts and network failures.

import type { Client } from "@connectrpc/connect";
import type { GameService, WatchGameRequestSchema, GameOver, PromptUpdate } from "./gen/moonshine/v1/game_service_pb.js";
import type { Event, TalkEvent } from "./gen/moonshine/v1/game_pb.js";
import type { MessageInitShape } from "@bufbuild/protobuf";
import { isRetryable, retryDelay, sleep } from "./refusal.js";

/** What a watch calls. */
export interface WatchHandlers {
  /** Each event, once, in seq order. */
  onEvent?: (event: Event) => void;
  /**
   * The events that came together, once each, in seq order, after
   * onEvent was called for each of them: one append's (the events of one
   * command), or a run of them while the stream catches up. A client that
   * redraws once per command redraws here.
   */
  onEvents?: (events: Event[]) => void;
  /**
   * Each prompt update (with request.prompts): whom the game waits for at
   * update.version, called after the events up to that version. A stream
   * opened again sends the update at the version it resumes from again.
   */
  onPrompt?: (update: PromptUpdate) => void;
  /** Each message of table talk (with request.talk), once, in talk seq order. */
  onTalk?: (talk: TalkEvent) => void;
  /** The stream of a finished game has ended. */
  onGameOver?: (over: GameOver) => void;
  /** The stream dropped and will be opened again after waitMs. */
  onReconnect?: (err: unknown, waitMs: number) => void;
  /** The stream is open (again) and caught up to nothing yet. */
  onOpen?: () => void;
}

/** Options of {@link watchGame}. */
export interface WatchOptions extends WatchHandlers {
  /** Ends the watch; the returned promise then resolves. */
  signal?: AbortSignal;
  /** Give up after this many failed reconnections in a row (default: never). */
  maxRetries?: number;
}

/**
 * watchGame streams the game's events (and talk, and prompt updates)
 * after request.afterSeq (and request.afterTalkSeq) to the handlers until
 * the game is over or signal aborts. It asks for the batched stream
 * (request.batched): a response holds an append's events with the prompt
 * update at their end, a prompt update alone, talk, or game_over; a
 * server that sends one event a message is read alike. When the stream
 * fails with a retryable error (see isRetryable: a server shutting down, a
 * database outage, a dropped connection) it opens it again after the last
 * seq delivered (which is the resume_after_seq the server names), waiting
 * as the server's RetryInfo asks or with backoff; any other error rejects.
 * It resolves with the last seq delivered.
 */
export async function watchGame(
  client: Client<typeof GameService>,
  request: MessageInitShape<typeof WatchGameRequestSchema>,
  opts: WatchOptions = {},
): Promise<bigint> {
  let afterSeq = BigInt(request.afterSeq ?? 0n);
  let afterTalkSeq = BigInt(request.afterTalkSeq ?? 0n);
  for (let failures = 0; ; ) {
    try {
      const stream = client.watchGame({ ...request, batched: true, afterSeq, afterTalkSeq }, { signal: opts.signal });
      opts.onOpen?.();
      for await (const msg of stream) {
        failures = 0;
        if (msg.talk) {
          if (msg.talk.seq <= afterTalkSeq) continue;
          afterTalkSeq = msg.talk.seq;
          opts.onTalk?.(msg.talk);
          continue;
        }
        if (msg.gameOver) {
          opts.onGameOver?.(msg.gameOver);
          return afterSeq;
        }
        const fresh = (msg.event ? [msg.event] : msg.events).filter((e) => e.seq > afterSeq); // a repeat is delivered once
        if (fresh.length > 0) {
          for (const e of fresh) {
            afterSeq = e.seq;
            opts.onEvent?.(e);
          }
          opts.onEvents?.(fresh);
        }
        if (msg.prompt) opts.onPrompt?.(msg.prompt);
      }
      // A stream that ends OK without game_over: open it again.
    } catch (err) {
      if (opts.signal?.aborted) return afterSeq;
      if (!isRetryable(err) || (opts.maxRetries !== undefined && failures >= opts.maxRetries)) throw err;
      const wait = retryDelay(err, failures++);
      opts.onReconnect?.(err, wait);
      try {
        await sleep(wait, opts.signal);
      } catch {
        return afterSeq;
      }
    }
  }
}
