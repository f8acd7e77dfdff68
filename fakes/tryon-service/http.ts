import type { IncomingMessage, ServerResponse } from "node:http";
import type { FieldError } from "./validation";

export interface Answer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

/** The error body of every refusal: `{ "error": { "code", "message", "details"? } }`. */
export function errorAnswer(problem: HttpProblem): Answer {
  return {
    status: problem.status,
    body: {
      error: {
        code: problem.code,
        message: problem.message,
        ...(problem.details && { details: problem.details }),
      },
    },
    ...(problem.headers && { headers: problem.headers }),
  };
}

export async function readRequestBody(req: IncomingMessage, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.byteLength;
    if (size > limit) throw new HttpProblem(413, "body_too_large", `the request body exceeds ${limit} bytes`);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

export function bearerKey(req: IncomingMessage): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? "");
  return match?.[1] ?? null;
}

export function writeJson(res: ServerResponse, answer: Answer, malformed = false) {
  let text = JSON.stringify(answer.body);
  if (malformed) text = text.slice(0, Math.max(1, Math.floor(text.length / 2)));
  res.writeHead(answer.status, {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": String(Buffer.byteLength(text)),
    ...answer.headers,
  });
  res.end(text);
}

export function writeBytes(res: ServerResponse, bytes: Buffer, contentType: string, cacheable: boolean) {
  res.writeHead(200, {
    "Content-Type": contentType,
    "Content-Length": String(bytes.byteLength),
    "Cache-Control": cacheable ? "public, max-age=86400" : "private, no-store",
  });
  res.end(bytes);
}
