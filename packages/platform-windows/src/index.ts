export {
  WindowsNativePlatform,
  createNativePlatform,
  detailsScript,
  powershellArgs,
  PARENTS_SCRIPT,
  type WindowsNativePlatformOptions,
} from './windows-native-platform.js';
export { parseNetstatListening, parseNetstatAddress, type NetstatListener } from './netstat-output.js';
export {
  parseProcessParents,
  descendants,
  parseProcessDetails,
  userDataDirFromCommandLine,
  type ProcessDetails,
  type ProcessParentRow,
} from './process-output.js';
export { parseDevToolsActivePort, defaultUserDataDir } from './devtools-active-port.js';
// The window half, command runner and loopback filter shared with platform-macos (re-exported
// so this package's API stays whole).
export * from '@sightline/platform-desktop';
