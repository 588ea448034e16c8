import { use, type ComponentType } from "react";
import type { LazyModule } from "./lazyModule";

/**
 * A component from a lazy module: rendered at once when the module is loaded, otherwise it
 * suspends (the nearest `<Suspense>` shows its fallback) until the module arrives.
 */
export function lazyPage<M, P extends object = object>(
  module: LazyModule<M>,
  pick: (module: M) => ComponentType<P>,
): ComponentType<P> {
  let picked: ComponentType<P> | undefined;
  function LazyPage(props: P) {
    // use() on every render (see markFulfilled): synchronous once the module is loaded.
    const loaded = use(module.load());
    picked ??= pick(loaded);
    const Component = picked;
    return <Component {...props} />;
  }
  return LazyPage;
}
