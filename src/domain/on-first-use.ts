/**
 * A value built the first time it is read, then kept. For the `Intl` formatters and collators:
 * constructing one loads its locale's data, and a `DateTimeFormat` built when its module loaded
 * took about 37 ms of a page's start on this machine (147 ms at a phone's 4× CPU), on pages that
 * format no date (issue 18, "Fast pages": the step page's blocking time).
 */
export function onFirstUse<T>(build: () => T): () => T {
  let built: { value: T } | undefined;
  return () => (built ??= { value: build() }).value;
}
