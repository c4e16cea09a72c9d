import { second } from './shared.js';

export const first = (): string => `first ${second.name}`;
