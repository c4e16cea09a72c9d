export { createDefaultDriver, type DefaultDriverOptions } from './default-driver.js';
export { loadNativePlatform, PLATFORM_PACKAGES } from './native-platform.js';
