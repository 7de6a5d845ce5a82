/** Rows come or gone before which the id map is read again rather than searched around (`drift`). */
const MAX_DRIFT = 64;

/**
 * The id map of `RowStore.positionOf` (row id -> position) as rows come and go: rows coming or going add to a drift
 * instead of moving every kept position, and a lookup searches that far around the kept one.
 */
export class RowPositions {
  /** Row id -> position, built on the first lookup a hint does not answer; a kept position may be off by `drift`. */
  map: Map<string, number> | null = null;
  /** How far a kept position may be off: the rows that came or went before it since the map was read. */
  drift = 0;

  /** `n` rows came in before kept positions (their ids are added by the caller). Past `MAX_DRIFT` the map goes. */
  moved(n: number): void {
    this.drift += n;
    if (this.drift > MAX_DRIFT) this.map = null;
  }

  /** The rows at ascending positions `rs` go, `idOf` telling their ids: their ids go, the others drift. */
  removing(rs: readonly number[], idOf: (r: number) => string | null): void {
    const map = this.map;
    if (!map) return;
    for (const r of rs) {
      const id = idOf(r);
      const p = id === null ? undefined : map.get(id);
      if (p !== undefined && Math.abs(p - r) <= this.drift) map.delete(id!);
    }
    this.moved(rs.length);
  }
}
