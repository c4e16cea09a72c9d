export { createSightlineMcpServer, callTool, type SightlineMcpServerOptions } from './create-server.js';
export { startStdioServer, type StdioServerOptions, type RunningStdioServer } from './stdio-server.js';
export { startHttpServer, generateToken, type HttpServerOptions, type RunningHttpServer } from './http-server.js';
export { createDefaultDriver } from './default-driver.js';
export { SIGHTLINE_TOOLS, screenshotResultSchema, type SightlineToolDefinition, type ToolRoute } from './tool-definitions.js';
export { annotationsFor, type ToolKind } from './tool-annotations.js';
export { isLoopbackOrigin, hasBearerToken, guardRequest } from './loopback-guard.js';
export { parseCliArgs, USAGE, DEFAULT_HTTP_PORT, type CliOptions } from './cli-args.js';
export { SERVER_NAME, SERVER_VERSION } from './version.js';
