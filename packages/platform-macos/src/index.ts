export { MacNativePlatform, createNativePlatform, type MacNativePlatformOptions } from './mac-native-platform.js';
export { parseLsofListen, parseLsofAddress, isLoopbackHost, normalizeLoopbackHost, type LsofListener } from './lsof-output.js';
export { parsePidList, parsePsStartAndCommand, userDataDirFromCommandLine } from './ps-output.js';
export { parseDevToolsActivePort, defaultProfileDirectory } from './devtools-active-port.js';
export {
  toNativeWindows,
  loadNodeWindowManager,
  type WindowManagerLike,
  type WindowManagerWindow,
  type WindowManagerLoader,
} from './window-manager.js';
export { execCommand, type CommandRunner, type CommandResult } from './command-runner.js';
