/** `sightline`, or `sightline --session NAME` outside the default session: the start of a follow-up command. */
export function commandPrefix(session: string): string {
  return session === 'default' ? 'sightline' : `sightline --session ${session}`;
}
