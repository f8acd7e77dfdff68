/**
 * A fetch whose every answer is 200 with a body that never ends and declares no length, for tests that a download
 * stops at its cap while it streams. Each answer counts the bytes its reader pulled (nothing is made ahead of a
 * read) and whether the reader cancelled it.
 */
export interface EndlessAnswers {
  fetch: (input: string | URL | Request, init?: RequestInit) => Promise<Response>;
  /** One entry per answer given, in order. */
  answers: Array<{ url: string; served: number; cancelled: boolean }>;
}

export function endlessAnswers(
  chunk: Uint8Array,
  {
    contentType = "application/octet-stream",
    status = 200,
    prefix,
  }: { contentType?: string; status?: number; /** Sent first, e.g. a real image's start. */ prefix?: Uint8Array } = {},
): EndlessAnswers {
  const answers: EndlessAnswers["answers"] = [];
  const fetch = async (input: string | URL | Request, init?: RequestInit) => {
    const answer = { url: String(input instanceof Request ? input.url : input), served: 0, cancelled: false };
    answers.push(answer);
    const body = new ReadableStream<Uint8Array>(
      {
        start(controller) {
          // As fetch does: the request's signal (a timeout, say) fails the body being read.
          init?.signal?.addEventListener("abort", () => controller.error(init.signal?.reason), { once: true });
        },
        pull(controller) {
          const next = prefix && answer.served === 0 ? prefix : chunk;
          answer.served += next.byteLength;
          controller.enqueue(next.slice());
        },
        cancel() {
          answer.cancelled = true;
        },
      },
      { highWaterMark: 0 },
    );
    return new Response(body, { status, headers: { "Content-Type": contentType } });
  };
  return { fetch, answers };
}
