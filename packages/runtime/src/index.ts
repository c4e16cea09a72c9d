export { createDefaultDriver, type DefaultDriverOptions } from './default-driver.js';
export { loadNativePlatform, lazyNativePlatform, PLATFORM_NOT_INSTALLED, PLATFORM_PACKAGES } from './native-platform.js';
