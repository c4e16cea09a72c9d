export { DesktopNativePlatform, type DesktopPlatformIdentity, type DesktopPlatformOptions } from './desktop-native-platform.js';
export {
  toNativeWindows,
  loadNodeWindowManager,
  type WindowManagerLike,
  type WindowManagerWindow,
  type WindowManagerLoader,
} from './window-manager.js';
export { execCommand, DEFAULT_COMMAND_TIMEOUT_MS, type CommandRunner, type CommandResult } from './command-runner.js';
export { isLoopbackHost, normalizeLoopbackHost, loopbackEndpoints } from './loopback-endpoints.js';
