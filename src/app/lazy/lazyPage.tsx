import { use, type ComponentType } from "react";
import { lazyModule, type LazyModule } from "./lazyModule";

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

/** A page of its own module, downloaded when it is first rendered. */
export function pageOnDemand<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
): ComponentType {
  return lazyPage(lazyModule(load), pick);
}
