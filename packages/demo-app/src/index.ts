export { startDemoServer, staticFile, APP_DIRECTORY } from './demo-server.js';
export type { DemoServer, DemoServerOptions, DemoUrls, DemoOrigins, DemoRoute, DemoRouteResponse } from './demo-server.js';
