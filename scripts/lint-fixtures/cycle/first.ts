// Planted cycle for scripts/check-lint-rules.mjs: first → second → first.
import { second } from './second.js';

export const first = (): string => `first ${second.name}`;
