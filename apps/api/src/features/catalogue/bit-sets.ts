/**
 * Sets of items as bits (bit `i` stands for `items[i]`), made on demand per key and kept: a list
 * filter or scope becomes one set, a combination of filters their intersection, and a count a
 * population count, whatever the size of the catalogue.
 */
export class BitSets<T> {
  private readonly sets = new Map<string, Uint32Array>();
  readonly words: number;

  constructor(
    readonly items: readonly T[],
    /** Sets kept at most (the oldest made is dropped first): keys may come from shoppers' text. */
    private readonly maxSets = 2_000,
  ) {
    this.words = Math.ceil(items.length / 32);
  }

  /** The set of items passing `test`, kept under `key`. */
  of(key: string, test: (item: T) => boolean): Uint32Array {
    let set = this.sets.get(key);
    if (set) return set;
    set = new Uint32Array(this.words);
    for (let slot = 0; slot < this.items.length; slot += 1) {
      if (test(this.items[slot]!)) set[slot >>> 5]! |= 1 << (slot & 31);
    }
    if (this.sets.size >= this.maxSets) {
      const oldest = this.sets.keys().next().value;
      if (oldest !== undefined) this.sets.delete(oldest);
    }
    this.sets.set(key, set);
    return set;
  }
}

/** The items in every one of the sets (a new set). */
export function intersection(sets: Uint32Array[]): Uint32Array {
  const [first, ...rest] = sets;
  const result = new Uint32Array(first ?? []);
  for (const set of rest) {
    for (let word = 0; word < result.length; word += 1) result[word]! &= set[word] ?? 0;
  }
  return result;
}

/** How many items the set holds. */
export function countOf(set: Uint32Array): number {
  let count = 0;
  for (let word = 0; word < set.length; word += 1) {
    let bits = set[word]!;
    bits -= (bits >>> 1) & 0x55555555;
    bits = (bits & 0x33333333) + ((bits >>> 2) & 0x33333333);
    count += Math.imul((bits + (bits >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
  }
  return count;
}

export const holds = (set: Uint32Array, slot: number): boolean =>
  ((set[slot >>> 5] ?? 0) & (1 << (slot & 31))) !== 0;
