// Zod-free entry of the pure classification and ranking rules, so a transport can bundle the very
// same code into a page's isolated world (SPEC §8). Filled in by classify/ and rank/.
export {};
