import type { CdpSession } from '../connection/cdp-session.js';
import type { AxFacts } from './accessibility.js';
import type { PageWorld as WorldRef } from '../page-call/page-call.js';

/** Worlds (documents) remembered per session: older ones belong to documents navigated away from. */
const WORLDS_PER_SESSION = 8;
/** Facts remembered per world; past this the map starts over (a read of a huge page asks again). */
const FACTS_PER_WORLD = 20_000;

/**
 * AX facts already read, per isolated world (so per document) and collector handle. Reused only
 * for elements the collector reports `axFresh`; a handle never names another node in its world.
 */
export class AxFactsCache {
  private readonly sessions = new WeakMap<CdpSession, Map<number, Map<number, AxFacts | null>>>();

  forWorld(world: WorldRef): Map<number, AxFacts | null> {
    let worlds = this.sessions.get(world.session);
    if (!worlds) {
      worlds = new Map();
      this.sessions.set(world.session, worlds);
    }
    let facts = worlds.get(world.contextId);
    if (!facts || facts.size > FACTS_PER_WORLD) {
      facts = new Map();
      worlds.delete(world.contextId);
      worlds.set(world.contextId, facts);
      if (worlds.size > WORLDS_PER_SESSION) worlds.delete(worlds.keys().next().value!);
    }
    return facts;
  }
}
