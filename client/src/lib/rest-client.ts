/**
 * The REST façade (`/api`), docs/product.md §7: every call carries the session cookie and speaks JSON. A
 * non-OK answer becomes an `ApiError` whose message is the body's `error` field, otherwise
 * "HTTP {status}".
 */
export class ApiError extends Error {
  override readonly name = "ApiError";

  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown,
    readonly headers: Headers,
  ) {
    super(message);
  }
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function errorMessage(body: unknown, status: number): string {
  if (body && typeof body === "object" && "error" in body && typeof body.error === "string" && body.error) {
    return body.error;
  }
  return `HTTP ${status}`;
}

export interface ApiRequestInit extends Omit<RequestInit, "body"> {
  /** Sent as JSON. */
  json?: unknown;
}

/** Calls `/api{path}` and returns the parsed JSON body. */
export async function apiRequest<T>(path: string, { json, headers, ...init }: ApiRequestInit = {}): Promise<T> {
  const requestHeaders = new Headers(headers);
  requestHeaders.set("Accept", "application/json");
  if (json !== undefined) requestHeaders.set("Content-Type", "application/json");
  const response = await fetch(`/api${path}`, {
    credentials: "include",
    ...init,
    headers: requestHeaders,
    ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
  });
  const body = await readBody(response);
  if (!response.ok) throw new ApiError(errorMessage(body, response.status), response.status, body, response.headers);
  return body as T;
}
