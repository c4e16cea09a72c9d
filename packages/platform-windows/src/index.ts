export {
  WindowsNativePlatform,
  createNativePlatform,
  detailsScript,
  powershellArgs,
  PARENTS_SCRIPT,
  type WindowsNativePlatformOptions,
} from './windows-native-platform.js';
export { parseNetstatListening, parseNetstatAddress, isLoopbackHost, normalizeLoopbackHost, type NetstatListener } from './netstat-output.js';
export {
  parseProcessParents,
  descendants,
  parseProcessDetails,
  userDataDirFromCommandLine,
  type ProcessDetails,
  type ProcessParentRow,
} from './process-output.js';
export { parseDevToolsActivePort, defaultUserDataDir } from './devtools-active-port.js';
export {
  toNativeWindows,
  loadNodeWindowManager,
  type WindowManagerLike,
  type WindowManagerWindow,
  type WindowManagerLoader,
} from './window-manager.js';
export { execCommand, type CommandRunner, type CommandResult } from './command-runner.js';
