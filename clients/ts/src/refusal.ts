// Reading a refusal: the gRPC code, the stable reason of its
// google.rpc.ErrorInfo, and how long its google.rpc.RetryInfo asks to wait.

import { Code, ConnectError } from "@connectrpc/connect";
import { ErrorInfoSchema, RetryInfoSchema, BadRequestSchema } from "./gen/google/rpc/error_details_pb.js";

/** A refusal as a frontend shows it. */
export interface Refusal {
  /** The gRPC code, e.g. Code.FailedPrecondition. */
  code: Code;
  /** The stable reason, e.g. "NOT_YOUR_TURN"; "" if the error carries none (a network failure). */
  reason: string;
  /** The server's words, for people. */
  message: string;
  /** The ErrorInfo's metadata, e.g. actual_version of a VERSION_CONFLICT. */
  metadata: Record<string, string>;
  /** The fields a BadRequest names, with what is wrong with each. */
  fields: { field: string; description: string }[];
  /** How long RetryInfo asks the client to wait, in milliseconds; undefined without one. */
  retryAfterMs?: number;
}

/** refusalOf reads any error thrown by a call. */
export function refusalOf(err: unknown): Refusal {
  const ce = ConnectError.from(err);
  const info = ce.findDetails(ErrorInfoSchema)[0];
  const retry = ce.findDetails(RetryInfoSchema)[0];
  const bad = ce.findDetails(BadRequestSchema)[0];
  const delay = retry?.retryDelay;
  return {
    code: ce.code,
    reason: info?.reason ?? "",
    message: ce.rawMessage,
    metadata: { ...(info?.metadata ?? {}) },
    fields: (bad?.fieldViolations ?? []).map((v) => ({ field: v.field, description: v.description })),
    retryAfterMs: delay ? Number(delay.seconds) * 1000 + Math.floor(delay.nanos / 1e6) : undefined,
  };
}

/**
 * isRetryable tells whether the same request may simply be sent again:
 * the server was unreachable or shutting down (UNAVAILABLE), the
 * connection dropped before an answer (a network error), or the call was
 * rate-limited (RESOURCE_EXHAUSTED with a RetryInfo).
 */
export function isRetryable(err: unknown): boolean {
  const r = refusalOf(err);
  switch (r.code) {
    case Code.Unavailable:
      return true;
    case Code.ResourceExhausted:
      return r.retryAfterMs !== undefined;
    case Code.Unknown:
      return r.reason === "" && isNetworkError(err);
    default:
      return false;
  }
}

function isNetworkError(err: unknown): boolean {
  const ce = ConnectError.from(err);
  return ce.cause instanceof TypeError || /network|fetch|connection/i.test(ce.rawMessage);
}

/**
 * retryDelay is how long to wait before try number attempt (0, 1, …):
 * what RetryInfo asks, else an exponential backoff from 250 ms up to 10 s,
 * with jitter so that many clients do not come back at once.
 */
export function retryDelay(err: unknown, attempt: number, random: () => number = Math.random): number {
  const asked = refusalOf(err).retryAfterMs;
  if (asked !== undefined) return asked;
  const ceiling = Math.min(10_000, 250 * 2 ** attempt);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** sleep waits ms, or rejects when signal aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
