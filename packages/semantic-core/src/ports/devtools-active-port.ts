import type { DevToolsActivePort } from './native-platform.js';

/** The file Chromium writes into its user-data-dir when started with `--remote-debugging-port`. */
export const DEVTOOLS_ACTIVE_PORT_FILE = 'DevToolsActivePort';

/**
 * Parser for the `DevToolsActivePort` file: line 1 the port, line 2 the browser WebSocket path.
 * Pure (the platform adapters and the managed launch read the file, this only reads its text);
 * null for anything that is not a port in 1..65535 followed by a `/devtools/browser/` path.
 */
export function parseDevToolsActivePort(text: string): DevToolsActivePort | null {
  const lines = text.split(/\r?\n/).map((line) => line.trim());
  const portLine = lines[0] ?? '';
  const path = lines[1] ?? '';
  if (!/^\d{1,5}$/.test(portLine)) return null;
  const port = Number(portLine);
  if (port < 1 || port > 65535) return null;
  if (!path.startsWith('/devtools/browser/')) return null;
  return { port, path };
}
