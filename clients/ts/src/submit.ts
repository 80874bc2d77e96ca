// Submitting a command so that a dropped connection never plays it twice
// nor loses it: the command id is chosen once and every retry sends the
// same one, which the server answers with the first result.

import type { MessageInitShape } from "@bufbuild/protobuf";
import type { Client } from "@connectrpc/connect";
import type { GameService } from "./gen/moonshine/v1/game_service_pb.js";
import { SubmitCommandRequestSchema, type SubmitCommandResponse } from "./gen/moonshine/v1/game_service_pb.js";
import { isRetryable, retryDelay, sleep } from "./refusal.js";

/** Options of {@link submitCommand}. */
export interface SubmitOptions {
  /** Tries after the first (default 5). */
  retries?: number;
  /** Stops retrying (and waiting) when aborted. */
  signal?: AbortSignal;
  /** Called before each retry, with the error and the wait in ms. */
  onRetry?: (err: unknown, waitMs: number) => void;
}

/**
 * submitCommand plays a command, retrying with the same command id while
 * the error is retryable (see isRetryable), as RetryInfo asks or with
 * backoff. A refusal (NOT_YOUR_TURN, VERSION_CONFLICT, …) is thrown at
 * once: read it with refusalOf.
 */
export async function submitCommand(
  client: Client<typeof GameService>,
  req: MessageInitShape<typeof SubmitCommandRequestSchema>,
  opts: SubmitOptions = {},
): Promise<SubmitCommandResponse> {
  const request = { ...req, commandId: req.commandId || newCommandId() };
  const retries = opts.retries ?? 5;
  for (let attempt = 0; ; attempt++) {
    try {
      return await client.submitCommand(request, { signal: opts.signal });
    } catch (err) {
      if (attempt >= retries || opts.signal?.aborted || !isRetryable(err)) throw err;
      const wait = retryDelay(err, attempt);
      opts.onRetry?.(err, wait);
      await sleep(wait, opts.signal);
    }
  }
}

/** newCommandId returns a fresh id for SubmitCommandRequest.commandId. */
export function newCommandId(): string {
  return globalThis.crypto.randomUUID();
}
