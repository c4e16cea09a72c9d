// The same two modules with the shared part moved to its own module: no cycle.
export const second = { name: 'second' };
