/** Round-robin: the first of each list in turn, then the second of each, until all are used. */
export function interleave<T>(lists: readonly (readonly T[])[]): T[] {
  const out: T[] = [];
  const longest = Math.max(0, ...lists.map((l) => l.length));
  for (let i = 0; i < longest; i++) {
    for (const list of lists) {
      const item = list[i];
      if (i < list.length) out.push(item as T);
    }
  }
  return out;
}
