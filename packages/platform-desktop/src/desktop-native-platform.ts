import type { DevToolsActivePort, ListeningEndpoint, NativePlatform, NativeWindow, PlatformSentinels, ProcessFingerprint } from '@sightline/semantic-core';
import { readFile } from 'node:fs/promises';
import { execCommand, type CommandRunner } from './command-runner.js';
import { loadNodeWindowManager, toNativeWindows, type WindowManagerLike, type WindowManagerLoader } from './window-manager.js';

/** What the macOS and Windows adapters need to tell their shared window half. */
export interface DesktopPlatformIdentity {
  /** The package name, for the off-OS reason (`platform-macos`). */
  packageName: string;
  /** `process.platform` this adapter serves (`darwin`). */
  servesPlatform: string;
  /** The OS's name in messages (`macOS`). */
  osName: string;
  /** Timeout of one external command when no `run` is injected. */
  commandTimeoutMs: number;
}

/** Options both desktop adapters take (all for tests). */
export interface DesktopPlatformOptions {
  /** Runs lsof/ps/netstat/PowerShell; tests replay recorded outputs. */
  run?: CommandRunner;
  loadWindowManager?: WindowManagerLoader;
  /** Reads a profile's DevToolsActivePort file. */
  readText?: (path: string) => Promise<string>;
  /** Pretend to run on this `process.platform`. */
  platform?: string;
}

const OTHER_ROUTES = 'The explicit-endpoint route (cdp_url) and the managed-launch route (launch) remain available.';

/**
 * The window half of a NativePlatform on a desktop OS whose windows come from node-window-manager
 * (macOS, Windows): the guarded, once-only loader, the unavailability reason, window listing,
 * stacking order and the foreground sentinel. Subclasses add the process half (process tree,
 * listening sockets, fingerprints, DevToolsActivePort) with their OS's tools.
 */
export abstract class DesktopNativePlatform implements NativePlatform {
  protected readonly run: CommandRunner;
  protected readonly readText: (path: string) => Promise<string>;
  private readonly platform: string;
  private readonly loadWindowManager: WindowManagerLoader;
  private manager: Promise<WindowManagerLike | { unavailable: string }> | null = null;

  protected constructor(
    private readonly identity: DesktopPlatformIdentity,
    options: DesktopPlatformOptions,
  ) {
    this.run = options.run ?? execCommand(identity.commandTimeoutMs);
    this.readText = options.readText ?? ((path) => readFile(path, 'utf8'));
    this.loadWindowManager = options.loadWindowManager ?? loadNodeWindowManager;
    this.platform = options.platform ?? process.platform;
  }

  abstract listeningEndpoints(pid: number): Promise<ListeningEndpoint[]>;
  abstract fingerprint(pid: number): Promise<ProcessFingerprint | null>;
  abstract devToolsActivePort(pid: number): Promise<DevToolsActivePort | null>;

  private windowManager(): Promise<WindowManagerLike | { unavailable: string }> {
    this.manager ??= this.loadWindowManager();
    return this.manager;
  }

  private async requireWindowManager(): Promise<WindowManagerLike> {
    const manager = await this.windowManager();
    if ('unavailable' in manager) throw new Error(manager.unavailable);
    return manager;
  }

  async unavailableReason(): Promise<string | null> {
    const { packageName, servesPlatform, osName } = this.identity;
    if (this.platform !== servesPlatform) return `${packageName} serves ${osName} only (this is ${this.platform}). ${OTHER_ROUTES}`;
    const manager = await this.windowManager();
    return 'unavailable' in manager ? `${manager.unavailable}. ${OTHER_ROUTES}` : null;
  }

  async listWindows(): Promise<NativeWindow[]> {
    return toNativeWindows((await this.requireWindowManager()).getWindows());
  }

  /**
   * Bottom to top. node-window-manager enumerates front to back on both OSes
   * (CGWindowListCopyWindowInfo on macOS, EnumWindows' z-order on Windows), so the list is reversed.
   */
  async stackingOrder(): Promise<Array<number | string>> {
    return (await this.listWindows()).map((window) => window.windowId).reverse();
  }

  /** The foreground window; pointer and keyboard focus are not exposed by node-window-manager (null). */
  async sentinels(): Promise<PlatformSentinels> {
    const active = (await this.requireWindowManager()).getActiveWindow();
    return { foregroundWindow: active && active.id > 0 ? active.id : null, pointer: null, inputFocus: null };
  }
}
