// `@sightline/platform-linux/testing`: support for tests that need a real X display (this
// package's own and the harness's native-window rows) and for tests that look at processes
// through /proc. Not part of the adapter.
export { TEST_X11_TIMEOUT_MS, XSession, findExecutable, isAlive, killGroup, spawnGroup, startXvfb, stopGroup, waitFor } from './x-session.js';
export { XTestClient, SentinelWindow, X_EVENT, type SentinelInputCounts } from './x-test-client.js';
export { HeadfulChromium, type HeadfulChromiumOptions, type ChromeFlagsBuilder } from './headful-chromium.js';
export { liveProcesses, descendantsOf, processesWithProfileUnder, type LiveProcess } from './proc-scan.js';
