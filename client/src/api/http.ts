/**
 * The one HTTP client of the console: base /api, a leading /api/ on a path is stripped,
 * Bearer token from local storage, credentials included, no timeout.
 */
export const API_BASE = '/api';
/** The local storage key of the login token. */
export const TOKEN_KEY = 'token';

/** A failed call: `message` is already the text to show. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function getToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function setToken(token: string | null): void {
  try {
    if (token) window.localStorage.setItem(TOKEN_KEY, token);
    else window.localStorage.removeItem(TOKEN_KEY);
  } catch {
    // storage unavailable (private mode): the session lasts for this page only
  }
}

export function apiUrl(path: string, query?: QueryParams): string {
  const clean = path.replace(/^\/+/, '').replace(/^api\//, '');
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return `${API_BASE}/${clean}${qs ? `?${qs}` : ''}`;
}

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  query?: QueryParams;
  body?: unknown;
  signal?: AbortSignal;
}

type UnauthorizedListener = () => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/** Called when a signed-in call answers 401 (token expired or revoked). */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

const PUBLIC_PATHS = /^(auth\/login|auth\/register)/;

/** The text to show for a failed call: the response's message, else its error, else the client error message, else "Request failed". */
export function errorText(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return 'Request failed';
}

/** The server's own words for a failure (its message or error field), if it sent any. */
export function serverMessage(error: unknown): string | undefined {
  return error instanceof ApiError ? messageFromBody(error.body) : undefined;
}

function messageFromBody(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const { message, error } = body as { message?: unknown; error?: unknown };
  for (const candidate of [message, error]) {
    if (typeof candidate === 'string' && candidate.trim()) return candidate;
    if (Array.isArray(candidate) && candidate.length > 0) return candidate.join(' ');
  }
  return undefined;
}

export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const hasBody = options.body !== undefined;
  if (hasBody) headers['Content-Type'] = 'application/json';

  const response = await fetch(apiUrl(path, options.query), {
    method,
    headers,
    body: hasBody ? JSON.stringify(options.body) : undefined,
    credentials: 'include',
    signal: options.signal,
  });

  const text = await response.text();
  let body: unknown = undefined;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  if (!response.ok) {
    if (response.status === 401 && token && !PUBLIC_PATHS.test(path.replace(/^\/+/, '').replace(/^api\//, ''))) {
      unauthorizedListeners.forEach((listener) => listener());
    }
    throw new ApiError(messageFromBody(body) ?? `Request failed with status code ${response.status}`, response.status, body);
  }
  return body as T;
}

export const http = {
  get: <T>(path: string, query?: QueryParams, signal?: AbortSignal) => request<T>('GET', path, { query, signal }),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, { body: body ?? {} }),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, { body }),
  patch: <T>(path: string, body?: unknown) => request<T>('PATCH', path, { body }),
  delete: <T = void>(path: string) => request<T>('DELETE', path),
};

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
