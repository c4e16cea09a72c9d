// The parser is pure and shared by every platform, so it lives in semantic-core.
export { parseDevToolsActivePort, DEVTOOLS_ACTIVE_PORT_FILE } from '@sightline/semantic-core';
