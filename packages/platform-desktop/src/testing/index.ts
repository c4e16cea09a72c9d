// `@sightline/platform-desktop/testing`: support for the platform packages' own tests (a real
// process tree with loopback listeners, and the real-host checks of the desktop adapters). Not
// part of any adapter.
export { startListenerTree, type ListenerTree } from './listener-tree.js';
export { checkRealDesktopHost, type RealHostExpectations } from './real-host.js';
