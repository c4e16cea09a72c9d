export { X11NativePlatform, createNativePlatform, type X11NativePlatformOptions } from './x11-native-platform.js';
export { displayUnavailableReason } from './display-environment.js';
export {
  parseProcNetTcp,
  decodeIpv4,
  decodeIpv6,
  formatIpv6,
  isLoopbackHost,
  loopbackListeners,
  TCP_STATE_LISTEN,
  type TcpSocketRow,
  type Endianness,
} from './proc-net-tcp.js';
export { parseProcStat, type ProcStat } from './proc-stat.js';
export { parseCmdline, userDataDirFromArgs } from './proc-cmdline.js';
export { parseDevToolsActivePort, DEVTOOLS_ACTIVE_PORT_FILE } from './devtools-active-port.js';
export { parseEnviron, defaultUserDataDir, processFingerprint, devToolsActivePort, userDataDir } from './proc-process-info.js';
export { listeningEndpoints, socketInodeFromLink, socketInodes } from './proc-sockets.js';
export { processTree, scanParentMap } from './proc-process-tree.js';
export { decodeCardinalList, decodeCardinal, decodeUtf8, decodeLatin1, decodeWmClass, decodeFrameExtents } from './x11-properties.js';
