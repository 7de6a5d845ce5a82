/** What a chain member is asked for: its name, and for debugging its readiness. */
export interface ChainMember {
  readonly id: string;
  getName(): string;
  isReady(): boolean;
  getStatus(): { toString(): string };
}

/** The providers a provider depends on (spec 4.2): its primary model and its parameter providers by name. */
export class ChainMembers<P extends ChainMember> {
  primaryModel: P | null = null;
  readonly byName = new Map<string, P>();

  /** Adds a parameter provider under a name (its own name by default), returning the one it replaces or null. */
  add(provider: P, name = provider.getName()): P | null {
    const old = this.byName.get(name) ?? null;
    this.byName.set(name, provider);
    return old;
  }

  /** Removes the parameter provider of a name, returning it, or null when there was none. */
  remove(name: string): P | null {
    const old = this.byName.get(name) ?? null;
    this.byName.delete(name);
    return old;
  }

  /** The not-ready members, one per line: `name (id): status`. */
  waitingFor(): string {
    const members: [string, P][] = [];
    if (this.primaryModel) members.push(['primary', this.primaryModel]);
    for (const [name, p] of this.byName) members.push([name, p]);
    return members
      .filter(([, p]) => !p.isReady())
      .map(([name, p]) => `${name} (${p.id}): ${p.getStatus().toString()}`)
      .join('\n');
  }
}
