import type { DevToolsActivePort, ListeningEndpoint, NativePlatform, NativeWindow, PlatformSentinels, ProcessFingerprint } from '../ports/native-platform.js';
import type { FakeCall } from './fake-ports.js';

/** What a `FakeNativePlatform` answers, as the test sets it. */
export interface FakePlatformInit {
  unavailable?: string | null;
  windows?: NativeWindow[];
  endpoints?: ListeningEndpoint[];
  devToolsActivePort?: Record<number, DevToolsActivePort>;
  fingerprints?: Record<number, ProcessFingerprint>;
}

/** An in-memory NativePlatform: windows, sockets, DevToolsActivePort files and fingerprints as the test sets them. */
export class FakeNativePlatform implements NativePlatform {
  readonly calls: FakeCall[] = [];
  constructor(public init: FakePlatformInit = {}) {}

  async unavailableReason(): Promise<string | null> {
    this.calls.push({ method: 'unavailableReason' });
    return this.init.unavailable ?? null;
  }
  async listWindows(): Promise<NativeWindow[]> {
    this.calls.push({ method: 'listWindows' });
    return this.init.windows ?? [];
  }
  async fingerprint(pid: number): Promise<ProcessFingerprint | null> {
    this.calls.push({ method: 'fingerprint', detail: pid });
    return this.init.fingerprints?.[pid] ?? { pid, startTime: '1', executable: '/usr/bin/chromium' };
  }
  async listeningEndpoints(pid: number): Promise<ListeningEndpoint[]> {
    this.calls.push({ method: 'listeningEndpoints', detail: pid });
    return (this.init.endpoints ?? []).filter((endpoint) => endpoint.pid === pid);
  }
  async devToolsActivePort(pid: number): Promise<DevToolsActivePort | null> {
    this.calls.push({ method: 'devToolsActivePort', detail: pid });
    return this.init.devToolsActivePort?.[pid] ?? null;
  }
  async stackingOrder(): Promise<Array<number | string>> {
    return (this.init.windows ?? []).map((window) => window.windowId);
  }
  async sentinels(): Promise<PlatformSentinels> {
    return { foregroundWindow: null, pointer: null, inputFocus: null };
  }
}
