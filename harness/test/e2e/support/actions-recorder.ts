import { createRequire } from 'node:module';

/**
 * A CDP recorder: a WebSocket proxy between Sightline's transport and Chromium that logs every
 * command the transport sends (method, session, params) before forwarding it. It sits on the wire,
 * so it sees everything, whoever in the transport sent it — no hook inside the transport needed.
 */

export interface RecordedCommand {
  method: string;
  sessionId: string | undefined;
  params: Record<string, unknown>;
}

export interface CdpRecorder {
  /** `ws://127.0.0.1:<proxy>/devtools/browser/<id>`: bind Sightline with this as `cdp_url`. */
  endpoint: string;
  readonly commands: RecordedCommand[];
  /** Position to read from later with `since`. */
  mark(): number;
  since(mark: number): RecordedCommand[];
  close(): Promise<void>;
}

// `ws` ships with chrome-remote-interface (its WebSocket client); use that copy.
const requireFromHere = createRequire(import.meta.url);
const ws = createRequire(requireFromHere.resolve('chrome-remote-interface'))('ws') as WsModule;

interface WsSocket {
  readyState: number;
  on(event: 'message', listener: (data: Buffer | string) => void): void;
  on(event: 'close' | 'open', listener: () => void): void;
  on(event: 'error', listener: (error: Error) => void): void;
  send(data: Buffer | string): void;
  close(): void;
}
interface WsServer {
  on(event: 'connection', listener: (socket: WsSocket, request: { url?: string }) => void): void;
  once(event: 'listening', listener: () => void): void;
  address(): { port: number };
  close(callback: () => void): void;
  clients: Set<WsSocket>;
}
interface WsModule {
  new (url: string, options: Record<string, unknown>): WsSocket;
  Server: new (options: Record<string, unknown>) => WsServer;
  OPEN: number;
}

export async function startCdpRecorder(upstreamEndpoint: string): Promise<CdpRecorder> {
  const upstream = new URL(upstreamEndpoint);
  const server = new ws.Server({ host: '127.0.0.1', port: 0, perMessageDeflate: false, maxPayload: 512 * 1024 * 1024 });
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const commands: RecordedCommand[] = [];
  const sockets = new Set<WsSocket>();

  server.on('connection', (client, request) => {
    const target = new ws(`ws://${upstream.host}${request.url ?? upstream.pathname}`, { perMessageDeflate: false, maxPayload: 512 * 1024 * 1024 });
    sockets.add(target);
    const queued: Array<Buffer | string> = [];
    client.on('message', (data) => {
      const text = data.toString();
      try {
        const message = JSON.parse(text) as { method?: string; sessionId?: string; params?: Record<string, unknown> };
        if (message.method) commands.push({ method: message.method, sessionId: message.sessionId, params: message.params ?? {} });
      } catch {
        // Not JSON: forward as is.
      }
      if (target.readyState === ws.OPEN) target.send(text);
      else queued.push(text);
    });
    target.on('open', () => {
      for (const data of queued.splice(0)) target.send(data);
    });
    target.on('message', (data) => {
      if (client.readyState === ws.OPEN) client.send(data.toString());
    });
    const closeBoth = () => {
      if (client.readyState === ws.OPEN) client.close();
      if (target.readyState === ws.OPEN) target.close();
    };
    client.on('close', closeBoth);
    target.on('close', closeBoth);
    client.on('error', closeBoth);
    target.on('error', closeBoth);
  });

  const port = server.address().port;
  return {
    endpoint: `ws://127.0.0.1:${port}${upstream.pathname}`,
    commands,
    mark: () => commands.length,
    since: (mark) => commands.slice(mark),
    close: async () => {
      for (const socket of [...sockets, ...server.clients]) socket.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Methods that would raise the tab or the window (SPEC §6: never sent). */
export const FOREGROUND_METHODS = ['Page.bringToFront', 'Target.activateTarget'];
