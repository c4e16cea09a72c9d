// `@sightline/semantic-core/testing`: deterministic captures and in-memory ports for tests of the
// Driver, the frontends, the harness and benchmarks. Not part of the core's runtime surface.
export {
  FakeBrowser,
  FakeBrowserTransport,
  FakeConnection,
  FakeNativePlatform,
  type FakeCall,
  type FakeTabInit,
  type FakeTabState,
  type FakePlatformInit,
  type FakeTransportOptions,
} from './fake-ports.js';
export { fakePage, fakeMailPage, type FakeNodeSpec, type FakePageSpec } from './fake-ports-pages.js';
export {
  buildCapture,
  el,
  text,
  iframe,
  boxAt,
  DEFAULT_BOX,
  DEFAULT_STYLE,
  type NodeSpec,
  type FrameSpec,
  type BuildOptions,
} from './capture-builder.js';
export {
  syntheticInbox,
  SYNTHETIC_BODY_TEXT,
  SYNTHETIC_ONE_TIME_CODE,
  SYNTHETIC_PASSWORD,
  type SyntheticInboxOptions,
} from './synthetic-capture.js';
export { sequentialNamer, handleIndexNamer } from './test-namer.js';
export { NO_OMISSIONS, domRefsSnapshotResponse, semanticSnapshotResponse } from './snapshot-responses.js';
