import type { Rect } from '../model/geometry.js';

/** A top-level window of the desktop, as the platform lists it. */
export interface NativeWindow {
  pid: number;
  windowId: number | string;
  title: string;
  /** Outer bounds in screen coordinates (px). */
  bounds: Rect;
  /** Application / executable name. */
  app: string;
}

export interface ProcessFingerprint {
  pid: number;
  /** Start time in a platform unit (e.g. clock ticks since boot); equal fingerprints mean the same process. */
  startTime: string;
  executable: string;
}

export interface ListeningEndpoint {
  pid: number;
  host: string;
  port: number;
}

export interface DevToolsActivePort {
  port: number;
  /** Browser WebSocket path, e.g. `/devtools/browser/<id>`. */
  path: string;
}

export interface PlatformSentinels {
  foregroundWindow: number | string | null;
  pointer: { x: number; y: number } | null;
  inputFocus: number | string | null;
}

/**
 * NativePlatform: the port to the operating system (SPEC §3 route 1, §9). Implemented by
 * `@sightline/platform-linux`, `-macos`, `-windows`.
 */
export interface NativePlatform {
  /** Why this platform cannot serve the native route, or null when it can. */
  unavailableReason(): Promise<string | null>;
  listWindows(): Promise<NativeWindow[]>;
  fingerprint(pid: number): Promise<ProcessFingerprint | null>;
  /** Loopback TCP listening sockets owned by `pid` or its descendants. */
  listeningEndpoints(pid: number): Promise<ListeningEndpoint[]>;
  /** The `DevToolsActivePort` file of the profile the process was started with, when readable. */
  devToolsActivePort(pid: number): Promise<DevToolsActivePort | null>;
  /** Top-level windows, bottom to top. */
  stackingOrder(): Promise<Array<number | string>>;
  sentinels(): Promise<PlatformSentinels>;
}
