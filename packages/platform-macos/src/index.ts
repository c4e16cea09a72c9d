export { MacNativePlatform, createNativePlatform, type MacNativePlatformOptions } from './mac-native-platform.js';
export { parseLsofListen, parseLsofAddress, type LsofListener } from './lsof-output.js';
export { parsePidList, parsePsStartAndCommand, userDataDirFromCommandLine } from './ps-output.js';
export { parseDevToolsActivePort, defaultProfileDirectory } from './devtools-active-port.js';
// The window half, command runner and loopback filter shared with platform-windows (re-exported
// so this package's API stays whole).
export * from '@sightline/platform-desktop';
