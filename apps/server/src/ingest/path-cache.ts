/**
 * A fleet's reports name the same few thousand parameter paths again and again, so what is
 * worked out from a path (its tables, its type) is worked out once per process, not in every
 * report (taking paths apart was a tenth of the collector's work). Bounded in count and in
 * length (TR-181's longest paths are under 140 characters), so a gateway sending made-up paths
 * cannot grow a cache past some 30 MB: other paths are worked out each time.
 */
const pathsKept = 50_000;
const longestPathKept = 200;

/** `compute`, remembered per path within the bounds above. */
export function cachedPerPath<Value>(compute: (path: string) => Value): (path: string) => Value {
  const known = new Map<string, Value>();
  return (path) => {
    let value = known.get(path);
    if (value === undefined) {
      value = compute(path);
      if (known.size < pathsKept && path.length <= longestPathKept) known.set(path, value);
    }
    return value;
  };
}
