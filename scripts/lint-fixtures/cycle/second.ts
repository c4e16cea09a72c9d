import { first } from './first.js';

export const second = { name: 'second', next: first };
