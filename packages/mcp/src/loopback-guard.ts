import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const LOOPBACK_HOSTNAMES = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/** True when an Origin header names a loopback origin (any port). `null` and opaque origins are not loopback. */
export function isLoopbackOrigin(origin: string): boolean {
  try {
    const url = new URL(origin);
    return (url.protocol === 'http:' || url.protocol === 'https:') && isLoopbackHostname(url.hostname);
  } catch {
    return false;
  }
}

function isLoopbackHostname(hostname: string): boolean {
  return LOOPBACK_HOSTNAMES.has(hostname) || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

/** Bearer token check in constant time. */
export function hasBearerToken(authorization: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  if (!match) return false;
  const given = Buffer.from(match[1] as string);
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export type GuardVerdict = { allowed: true } | { allowed: false; status: 401 | 403; message: string };

/**
 * What every HTTP request must pass before it reaches MCP: a loopback Host (DNS-rebinding defence),
 * no Origin or a loopback Origin (a web page elsewhere cannot drive the browser), and the bearer token.
 */
export function guardRequest(request: IncomingMessage, token: string): GuardVerdict {
  const origin = request.headers.origin;
  if (origin !== undefined && !isLoopbackOrigin(origin)) {
    return { allowed: false, status: 403, message: 'Origin is not loopback' };
  }
  const host = request.headers.host ?? '';
  const hostname = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':')[0];
  if (!isLoopbackHostname(hostname ?? '')) {
    return { allowed: false, status: 403, message: 'Host is not loopback' };
  }
  if (!hasBearerToken(request.headers.authorization, token)) {
    return { allowed: false, status: 401, message: 'a bearer token is required (Authorization: Bearer <token>)' };
  }
  return { allowed: true };
}
